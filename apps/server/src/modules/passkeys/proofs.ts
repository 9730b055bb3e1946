import type { AuthenticationCredential } from '@portal/contract/passkeys';
import type { FastifyReply } from 'fastify';
import type { App } from '@server/lib/zod-routes';
import { SECOND_FACTOR_FAILURES, tooManyAttempts } from '@server/modules/auth/throttling';
import { hit, peek, reset } from '@server/modules/throttle/throttle';
import type { PasskeyPurpose } from './challenges';
import { verifyAuthentication } from './ceremonies';
import { findPasskey } from './credentials';
import { relyingPartyOf } from './relying-party';

/**
 * What every route that takes a passkey's answer does (docs/decisions/025): an answer for a
 * known passkey that does not verify counts against the passkey's user, like a wrong code
 * (SECOND_FACTOR_FAILURES, counted apart from codes, so a failing authenticator does not keep
 * the app's codes out); too many, and passkeys wait (429).
 */
const failuresKey = (userId: string) => `passkey:user:${userId}`;

export async function provePasskey(
  app: App,
  reply: FastifyReply,
  purpose: Exclude<PasskeyPurpose, 'register'>,
  credential: AuthenticationCredential,
) {
  const known = await findPasskey(app.db, credential.id);
  if (known) {
    const state = await peek(app.db, failuresKey(known.userId), SECOND_FACTOR_FAILURES);
    if (!state.allowed) tooManyAttempts(reply, state.retryAfterSeconds);
  }
  try {
    const proved = await verifyAuthentication(
      app.db,
      relyingPartyOf(app.config),
      purpose,
      credential,
    );
    await reset(app.db, failuresKey(proved.passkey.userId));
    return proved;
  } catch (error) {
    if (known) await hit(app.db, failuresKey(known.userId), SECOND_FACTOR_FAILURES);
    throw error;
  }
}
