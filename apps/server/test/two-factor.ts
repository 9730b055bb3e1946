import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { totpCredentials, users } from '@server/db/schema';
import { DEMO_USERS } from '@server/demo/identity';
import type { App } from '@server/lib/zod-routes';
import { enrolTotpSecret } from '@server/modules/two-factor/credentials';
import { newTotpSecret, totpCodeAt } from '@server/modules/two-factor/totp';
import type { BrowserClient } from './browser-client';

/**
 * Two-factor sign-in for tests (docs/SECURITY.md "Two-factor sign-in"): turns it on through the
 * API as a person would, and gives app codes. A code works once per 30-second step, so a test
 * that proves a factor again within the same step forgets the step taken first (`freshCode`);
 * the tests of that rule itself do not.
 */
export async function turnOnTwoFactor(app: App, browser: BrowserClient, password: string) {
  const setup = await browser.post('/api/profile/two-factor/setup', { currentPassword: password });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await browser.post('/api/profile/two-factor/confirm', {
    code: totpCodeAt(secret),
    language: 'en',
  });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** The secrets of users whose two-factor a test turned on, by email. */
const secrets = new Map<string, { userId: string; secret: string }>();

/** Two-factor on for a user made in the database (staff, as createUser makes them). */
export async function giveTwoFactor(app: App, userId: string, email: string): Promise<string> {
  const secret = newTotpSecret();
  await enrolTotpSecret(app.db, app.secretBox, userId, secret);
  secrets.set(email, { userId, secret });
  return secret;
}

/** A code that signs `email` in now, if a test gave it two-factor; else an error. */
export async function codeFor(app: App, email: string): Promise<string> {
  const known = secrets.get(email);
  if (known) return freshCode(app, known.userId, known.secret);
  // The demo staff's published secrets (README "Demo sign-ins").
  const demo = DEMO_USERS.find((user) => user.email === email)?.totpSecret;
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!demo || !row) throw new Error(`${email} asks for a second factor no test gave it`);
  return freshCode(app, row.id, demo);
}

/** The app's code now, with the user's last taken step forgotten so it is taken again. */
export async function freshCode(app: App, userId: string, secret: string): Promise<string> {
  await app.db
    .update(totpCredentials)
    .set({ lastUsedStep: null })
    .where(eq(totpCredentials.userId, userId));
  return totpCodeAt(secret);
}

/** Staff's first sign-in: sets up a secret with the challenge and signs in with its first code. */
export async function setUpAtSignIn(
  app: App,
  browser: BrowserClient,
  email: string,
  challenge: string,
) {
  const setup = await browser.post('/api/auth/sign-in/two-factor-setup', { challenge });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  secrets.set(email, { userId: row!.id, secret });
  return browser.post('/api/auth/sign-in/two-factor-confirm', {
    challenge,
    code: totpCodeAt(secret),
  });
}
