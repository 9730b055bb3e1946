import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { totpCredentials } from '@server/db/schema';
import type { App } from '@server/lib/zod-routes';
import { totpCodeAt } from '@server/modules/two-factor/totp';
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

/** The app's code now, with the user's last taken step forgotten so it is taken again. */
export async function freshCode(app: App, userId: string, secret: string): Promise<string> {
  await app.db
    .update(totpCredentials)
    .set({ lastUsedStep: null })
    .where(eq(totpCredentials.userId, userId));
  return totpCodeAt(secret);
}
