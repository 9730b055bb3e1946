import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { isEmailVerified } from './links';

/**
 * Money waits for a confirmed email (docs/decisions/027): buy and sell requests and a new
 * payout account answer 403 EMAIL_NOT_VERIFIED until the link mailed to it is opened.
 */
export async function refuseUnverifiedEmail(db: Database, userId: string): Promise<void> {
  if (!(await isEmailVerified(db, userId))) throw new AppError('EMAIL_NOT_VERIFIED');
}
