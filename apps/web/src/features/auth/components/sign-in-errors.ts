import type { TFunction } from 'i18next';
import { apiErrorOf } from '@/lib/api-error';
import { retryAfterSeconds } from '@/lib/form-errors';

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
