import type { FastifyReply } from 'fastify';
import { AppError } from '@server/lib/errors';
import type { DelayRule, ThrottleRule } from '@server/modules/throttle/throttle';

/*
 * Sign-in throttling without lockouts (docs/SECURITY.md "Sign-in throttling without lockouts"):
 * a wrong password from anywhere must not keep an account's owner out.
 */

/**
 * Sign-ins to one account from browsers it has not signed in on: five at once, then 30 s, 1, 2,
 * 4, 8 minutes and at most 15 minutes between attempts; forgotten an hour after the last one.
 * About a dozen guesses in the first hour and four an hour after that, where a lock let through
 * twenty an hour and kept the owner out.
 */
export const ACCOUNT_DELAYS: DelayRule = {
  freeAttempts: 5,
  firstDelaySeconds: 30,
  longestDelaySeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};
/**
 * Wrong passwords from one known browser (known-devices.ts) for its account: its owner's typing,
 * or someone at the owner's own computer.
 */
export const DEVICE_FAILURES: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };
/**
 * Failed and refused sign-ins per IP address from browsers not known to the account; successful
 * ones are taken back, so an office whose staff share one address signs in all day.
 */
export const IP_SIGN_IN_FAILURES: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };
/** "Forgot your password?" asked per IP address (answered alike for every email). */
export const IP_RESET_REQUESTS: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
/** Reset mails per account: more are not sent, and the answer does not say so. */
export const RESET_MAILS_PER_ACCOUNT: ThrottleRule = { limit: 3, windowSeconds: 60 * 60 };
/** New passwords set from reset links per IP address. */
export const IP_RESET_CONFIRMS: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };
/** New accounts per IP address. */
export const IP_SIGN_UPS: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
/** Wrong current passwords per user when changing the password. */
export const WRONG_PASSWORDS: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };

/** Answers 429 with Retry-After (whole seconds). */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', 'Too many attempts. Try again later.');
}

/**
 * Wrong second-factor codes per user (sign-in, and the Profile actions that ask for a code):
 * with each code one in a million for three steps, ten every 15 minutes keep a guesser who has
 * the password near one chance in 30,000 a day, and the owner's own typing well within.
 */
export const SECOND_FACTOR_FAILURES: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };

/**
 * WebAuthn challenges asked for per IP address without a session (a sign-in with a passkey):
 * each is a row until the sweep, so an address cannot fill the table.
 */
export const IP_PASSKEY_CHALLENGES: ThrottleRule = { limit: 60, windowSeconds: 15 * 60 };
