import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, watchErrors, type Language, type viewports } from './browser';
import { text } from './locales';

/** Demo users seeded by the server (apps/server/src/demo/identity.ts; README "Demo sign-ins"). */
export const DEMO_USERS = {
  client: { email: 'client@wonbridge.example', password: 'Client#2026!' },
  agency: { email: 'agency@wonbridge.example', password: 'Agency#2026!' },
  operator: { email: 'operator@wonbridge.example', password: 'Operator#2026!' },
  /** The second operator, who approves what the first asked (docs/decisions/017). */
  operator2: { email: 'operator2@wonbridge.example', password: 'Operator#2026!' },
} as const;

/** Fills and sends the sign-in dialog, which must already be open. */
export async function signIn(page: Page, language: Language, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: text(language, 'auth', 'signIn.title') });
  await dialog.waitFor();
  const field = (key: string) =>
    dialog.getByRole('textbox', { name: text(language, 'auth', `fields.${key}`), exact: true });
  await field('email').fill(email);
  await field('password').fill(password);
  await dialog.getByRole('button', { name: text(language, 'auth', 'signIn.submit') }).click();
}

/**
 * A fresh browser context (its own cookies, language and size) with `user` signed in at `path`:
 * the page goes there, the guard opens the sign-in dialog, and signing in comes back to it.
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
  await page.goto(`${baseURL}${path}`);
  await signIn(page, language, user.email, user.password);
  await page.waitForURL(`${baseURL}${path}`);
  return { context, page, errors };
}
