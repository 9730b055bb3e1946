import type { TFunction } from 'i18next';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage, retryAfterSeconds } from '@/lib/form-errors';

/**
 * Too many sign-in attempts, with the minutes to wait when the answer says them; null for any
 * other refusal (the form's own handling says those). Both steps of sign-in use it.
 */
export function rateLimitedText(t: TFunction, error: unknown): string | null {
  if (apiErrorOf(error)?.code !== 'RATE_LIMITED') return null;
  const seconds = retryAfterSeconds(error);
  if (seconds === undefined) return null;
  return t('auth:signIn.rateLimited', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/** The sign-in's challenge has expired, been used or seen too many wrong codes. */
export const challengeEnded = (error: unknown) =>
  apiErrorOf(error)?.code === 'SIGN_IN_CHALLENGE_INVALID';

/**
 * A refusal of a code sent with the sign-in's challenge (the second step, staff's first code): an
 * ended challenge starts again from the password (`onRestart`, with the reason) and too many tries
 * are said in the form's alert. False for any other refusal, which the form places as usual.
 */
export function showChallengeRefusal(
  t: TFunction,
  error: unknown,
  form: { onRestart: (message: string) => void; setFormError: (message: string) => void },
): boolean {
  if (challengeEnded(error)) {
    form.onRestart(errorMessage(t, error));
    return true;
  }
  const limited = rateLimitedText(t, error);
  if (limited === null) return false;
  form.setFormError(limited);
  return true;
}
