import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import { Secret, TOTP } from 'otpauth';

/**
 * Codes for two-factor sign-in in the browser tests (docs/SECURITY.md "Two-factor sign-in").
 * The demo staff's and the demo client's secrets are the ones the README publishes; staff a test makes set
 * one up at their first sign-in, and it is kept here for their next. The server takes each
 * 30-second step once per user, so the step last used for each email is kept in a file of this
 * run (test files run one after another, each in its own worker): a sign-in uses the current
 * step or the next (the server takes one step either side), and waits for a fresh one only when
 * both were used.
 */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  'operator@wonbridge.example': 'WONBRIDGEDEMOOPERATORONEAAAAAAAA',
  'operator2@wonbridge.example': 'WONBRIDGEDEMOOPERATORTWOAAAAAAAA',
  'agency@wonbridge.example': 'WONBRIDGEDEMOAGENCYSEOULAAAAAAAA',
  'busan@wonbridge.example': 'WONBRIDGEDEMOAGENCYBUSANAAAAAAAA',
  // The demo client sells, which needs two-factor on (docs/decisions/026).
  'client@wonbridge.example': 'WONBRIDGEDEMOCLIENTHONGGILDONGAA',
};

const STEP_MS = 30_000;

interface Kept {
  secrets: Record<string, string>;
  lastSteps: Record<string, number>;
}

function read(): Kept {
  const file = inject('twoFactorFile');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Kept)
    : { secrets: {}, lastSteps: {} };
}

function write(kept: Kept): void {
  writeFileSync(inject('twoFactorFile'), JSON.stringify(kept));
}

export function secretOf(email: string): string | undefined {
  return DEMO_TOTP_SECRETS[email] ?? read().secrets[email];
}

/** Keeps a secret set up at a first sign-in, and the step its first code used. */
export function rememberSecret(email: string, secret: string, step: number): void {
  const kept = read();
  kept.secrets[email] = secret;
  kept.lastSteps[email] = step;
  write(kept);
}

/**
 * A code for `secret` the server has not taken for `email` yet: the step before the current one
 * (early in a step, so it is still taken when it arrives), the current one or the next; when all
 * were used, it waits for the next step.
 */
export async function nextCode(
  email: string,
  secret: string,
): Promise<{ code: string; step: number }> {
  const kept = read();
  const last = kept.lastSteps[email] ?? 0;
  const now = Math.floor(Date.now() / STEP_MS);
  const earlyInStep = Date.now() % STEP_MS < STEP_MS / 2;
  const step = [...(earlyInStep ? [now - 1] : []), now, now + 1].find((s) => s > last) ?? last + 1;
  // The server takes one step either side of its own: a later one is waited for.
  const waitMs = (step - 1) * STEP_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 500));
  kept.lastSteps[email] = step;
  write(kept);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: step * STEP_MS + 1000,
  });
  return { code, step };
}

/** The code of the current step, for a secret just set up. */
export function currentCode(secret: string): { code: string; step: number } {
  const step = Math.floor(Date.now() / STEP_MS);
  return { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(), step };
}
