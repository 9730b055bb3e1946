import type { FastifyReply } from 'fastify';
import { AppError } from '@server/lib/errors';
import type { ThrottleRule } from '@server/modules/throttle/throttle';

/** Failed sign-ins per account before it is locked for the rest of the window. */
export const ACCOUNT_FAILURES: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
/** Sign-in attempts per IP address, successful or not. */
export const IP_SIGN_INS: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };
/** New accounts per IP address. */
export const IP_SIGN_UPS: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
/** Wrong current passwords per user when changing the password. */
export const WRONG_PASSWORDS: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };

/** Answers 429 with Retry-After (whole seconds). */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', 'Too many attempts. Try again later.');
}
