import type { MailLanguage } from '@portal/contract/auth';
import type { SecondFactorCode } from '@portal/contract/two-factor';
import type { FastifyReply } from 'fastify';
import { AppError } from '@server/lib/errors';
import type { App } from '@server/lib/zod-routes';
import { SECOND_FACTOR_FAILURES, tooManyAttempts } from '@server/modules/auth/throttling';
import { hit, peek, reset } from '@server/modules/throttle/throttle';
import { confirmTotpSetup, proveSecondFactor } from './credentials';
import { twoFactorChangeMail, type TwoFactorChange } from './mail';

/**
 * What every two-factor route does with a typed code: wrong codes count against the user,
 * whichever sign-in or Profile action they come on (SECOND_FACTOR_FAILURES); too many, and
 * codes wait (429). A wrong code is SECOND_FACTOR_INVALID on the `code` field.
 */
const failuresKey = (userId: string) => `second-factor:user:${userId}`;

function wrongCode(): never {
  throw new AppError('SECOND_FACTOR_INVALID', undefined, { fields: { code: 'secondFactorWrong' } });
}

async function throttled(app: App, reply: FastifyReply, userId: string) {
  const state = await peek(app.db, failuresKey(userId), SECOND_FACTOR_FAILURES);
  if (!state.allowed) tooManyAttempts(reply, state.retryAfterSeconds);
}

/** An app code or a recovery code of a user whose two-factor is on; what proved it. */
export async function proveOrRefuse(
  app: App,
  reply: FastifyReply,
  userId: string,
  code: SecondFactorCode,
): Promise<'totp' | 'recovery'> {
  await throttled(app, reply, userId);
  const proved = await proveSecondFactor(app.db, app.secretBox, userId, code);
  if (!proved) {
    await hit(app.db, failuresKey(userId), SECOND_FACTOR_FAILURES);
    wrongCode();
  }
  await reset(app.db, failuresKey(userId));
  return proved;
}

/** The app's first code, which turns a waiting set-up on; TWO_FACTOR_NOT_ON if none waits. */
export async function confirmOrRefuse(
  app: App,
  reply: FastifyReply,
  userId: string,
  code: string,
): Promise<void> {
  await throttled(app, reply, userId);
  const result = await confirmTotpSetup(app.db, app.secretBox, userId, code);
  if (result === 'none') throw new AppError('TWO_FACTOR_NOT_ON');
  if (result === 'wrong') {
    await hit(app.db, failuresKey(userId), SECOND_FACTOR_FAILURES);
    wrongCode();
  }
  await reset(app.db, failuresKey(userId));
}

/** Mails the owner about a change, after the answer (mail.ts). */
export function mailChange(
  app: App,
  to: { email: string; name: string },
  language: MailLanguage,
  change: TwoFactorChange,
  codesLeft = 0,
): void {
  app.jobs.afterAnswer('two-factor mail', () =>
    app.mailer.send(twoFactorChangeMail(language, to, change, app.config.publicUrl, codesLeft)),
  );
}
