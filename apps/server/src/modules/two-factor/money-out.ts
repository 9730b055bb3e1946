import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import type { SignedInUser } from '@server/modules/auth/sessions';
import { twoFactorSince } from './credentials';

/**
 * Money out (docs/decisions/026): selling, and setting the payout account a sell's won is paid
 * to, need two-factor sign-in on, so a stolen password alone can neither sell a client's asset
 * nor send its won elsewhere. Without it: TWO_FACTOR_REQUIRED (403), before anything is written.
 * Staff always have it on (docs/decisions/024); buying sends nothing out and stays as it was.
 */
export async function requireTwoFactorOn(db: Database, user: SignedInUser): Promise<void> {
  if (!(await twoFactorSince(db, user.id))) throw new AppError('TWO_FACTOR_REQUIRED');
}
