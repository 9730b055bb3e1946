import type { FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { twoFactorSince } from './credentials';

/**
 * Step-up (docs/SECURITY.md "Two-factor sign-in"): a change to the account's security (password,
 * email, payout account) by a user with two-factor on, and an operator's approval decision or
 * role change (docs/decisions/026), needs the second factor proved within the step-up window
 * (STEP_UP_SECONDS, the contract's STEP_UP_MINUTES by default), so a session left open on a
 * shared computer, or taken, cannot change how the account is reached, where its money goes or
 * who can do what. Older: STEP_UP_REQUIRED (403); the page asks for
 * a code (POST /api/auth/step-up) and sends the change again. Users without two-factor confirm
 * such changes with their password, as before.
 */
export async function requireRecentSecondFactor(
  db: Database,
  request: FastifyRequest,
): Promise<void> {
  const { user, session } = request;
  if (!user || !session || session.secondFactorRecent) return;
  if (await twoFactorSince(db, user.id)) throw new AppError('STEP_UP_REQUIRED');
}
