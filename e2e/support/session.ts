import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { newContext, watchErrors, type Language, type viewports } from './browser';
import { text } from './locales';
import { currentCode, nextCode, rememberSecret, secretOf } from './two-factor';

/** Demo users seeded by the server (apps/server/src/demo/identity.ts; README "Demo sign-ins"). */
export const DEMO_USERS = {
  client: { email: 'client@wonbridge.example', password: 'Client#2026!' },
  agency: { email: 'agency@wonbridge.example', password: 'Agency#2026!' },
  operator: { email: 'operator@wonbridge.example', password: 'Operator#2026!' },
  /** The second operator, who approves what the first asked (docs/decisions/017). */
  operator2: { email: 'operator2@wonbridge.example', password: 'Operator#2026!' },
} as const;

/**
 * Fills and sends the sign-in dialog, which must already be open. Staff and the demo client then
 * give a code from their authenticator app, or, at their first sign-in, set one up (two-factor.ts); a refused
 * sign-in is left on screen for the test to read.
 */
export async function signIn(page: Page, language: Language, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
  await dialog.waitFor();
  const field = (key: string) =>
    dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
  await field('email').fill(email);
  await field('password').fill(password);
  const setupAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/sign-in/two-factor-setup'),
  );
  setupAnswer.catch(() => undefined);
  await dialog
    .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
    .click();

  // The dialog takes the next step's title: from here on it is the one dialog on the page.
  const step = page.getByRole('dialog');
  const codeField = step.getByRole('textbox', {
    name: text(language, 'auth', 'secondFactor.code'),
  });
  const setupStart = step.getByRole('button', {
    name: text(language, 'auth', 'secondFactorSetup.start'),
  });
  // Whichever comes first; the others' waits end on their own, quietly.
  const outcome = <T extends string>(wait: Promise<void>, what: T) =>
    wait.then(
      () => what,
      () => 'nothing' as const,
    );
  const next = await Promise.race([
    outcome(codeField.waitFor(), 'code'),
    outcome(setupStart.waitFor(), 'setup'),
    outcome(step.waitFor({ state: 'detached' }), 'done'),
    outcome(step.getByRole('alert').waitFor(), 'refused'),
  ]);
  if (next === 'nothing') throw new Error(`the sign-in of ${email} went nowhere`);
  if (next === 'code') {
    const secret = secretOf(email);
    if (!secret) throw new Error(`${email} asks for a code, and no test knows its secret`);
    await codeField.fill((await nextCode(email, secret)).code);
    await step
      .getByRole('button', { name: text(language, 'auth', 'signIn.submit'), exact: true })
      .click();
  } else if (next === 'setup') {
    await setupStart.click();
    const { secret } = (await (await setupAnswer).json()) as { secret: string };
    const first = currentCode(secret);
    rememberSecret(email, secret, first.step);
    await step
      .getByRole('textbox', { name: text(language, 'common', 'twoFactor.app.code') })
      .fill(first.code);
    await step
      .getByRole('button', { name: text(language, 'auth', 'secondFactorSetup.submit') })
      .click();
    await page
      .getByRole('button', { name: text(language, 'common', 'twoFactor.codes.done') })
      .click();
  }
}

/**
 * Staff sessions opened in this test file, by email. A staff sign-in takes a 30-second code the
 * server accepts once (two-factor.ts), so a later context of the same member of staff carries the
 * same session instead of waiting for a fresh code; one that has ended is signed in again.
 */
const staffSessions = new Map<string, Cookie[]>();

/**
 * A fresh browser context (its own cookies, language and size) with `user` signed in at `path`:
 * the page goes there, the guard opens the sign-in dialog, and signing in comes back to it.
 * Staff reuse their session of this file when it is still open (`staffSessions`).
 */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  {
    language,
    viewport = 'desktop',
    user,
    path,
  }: {
    language: Language;
    viewport?: keyof typeof viewports;
    user: { email: string; password: string };
    path: string;
  },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { language, viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const kept = staffSessions.get(user.email);
  if (kept) {
    await context.addCookies(kept);
    const me = await context.request.get(`${baseURL}/api/auth/me`, {
      headers: { 'x-role': 'production' },
    });
    const still = me.ok() && (await me.json()).user?.email === user.email;
    if (still) {
      await page.goto(`${baseURL}${path}`);
      return { context, page, errors };
    }
    await context.clearCookies();
  }
  await page.goto(`${baseURL}${path}`);
  await signIn(page, language, user.email, user.password);
  await page.waitForURL(`${baseURL}${path}`);
  if (secretOf(user.email)) staffSessions.set(user.email, await context.cookies());
  return { context, page, errors };
}
