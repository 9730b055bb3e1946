import type { FastifyReply } from 'fastify';
import type { Database } from '@server/db/client';
import { AppError } from '@server/lib/errors';
import { hit, peek, reset } from '@server/modules/throttle/throttle';
import { findPasswordHash } from '@server/modules/users/repository';
import { verifyPassword } from './passwords';
import { tooManyAttempts, WRONG_PASSWORDS } from './throttling';

/**
 * The signed-in user's password asked again before a change to the account's security (a new
 * password, two-factor sign-in): someone at a borrowed session gets five guesses in 15 minutes,
 * counted together for every such change. Refuses CURRENT_PASSWORD_WRONG on `currentPassword`.
 */
export async function checkCurrentPassword(
  db: Database,
  reply: FastifyReply,
  userId: string,
  currentPassword: string,
): Promise<void> {
  const throttleKey = `password-change:user:${userId}`;
  const throttled = await peek(db, throttleKey, WRONG_PASSWORDS);
  if (!throttled.allowed) tooManyAttempts(reply, throttled.retryAfterSeconds);
  const passwordHash = await findPasswordHash(db, userId);
  if (!passwordHash || !(await verifyPassword(passwordHash, currentPassword))) {
    await hit(db, throttleKey, WRONG_PASSWORDS);
    throw new AppError('CURRENT_PASSWORD_WRONG', undefined, {
      fields: { currentPassword: 'invalid' },
    });
  }
  await reset(db, throttleKey);
}
