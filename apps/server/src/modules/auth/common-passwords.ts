import { PASSWORD_MIN_LENGTH } from '@portal/contract/auth';
import { validationMessage } from '@portal/contract/validation-messages';
import { AppError } from '@server/lib/errors';

/**
 * Passwords refused because attackers try them first (docs/SECURITY.md "Common and breached
 * passwords"): the 49,233 most frequent passwords of public breach corpora that zxcvbn ships
 * (@zxcvbn-ts/language-common, offline, no network), of which the 3,543 long enough to pass the
 * spec's length rule are the ones that matter, and the portal's own name. Compared without
 * regard to case, on the NFC form, as typed otherwise: a list, not a guess at strength.
 */
const OWN_WORDS = ['wonbridge', 'wonbridge1', 'wonbridge123', 'wonbridge!'];

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  // Loaded at the first password set, not at start: the list is unpacked from its module.
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        [...dictionary['passwords-common'], ...OWN_WORDS].filter(
          (password) => password.length >= PASSWORD_MIN_LENGTH,
        ),
      ),
  );
  return common;
}

/** Whether a new password is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFC').toLowerCase());
}

/**
 * Refuses a new password on the list with 400 and `passwordCommon` on the field, so the form
 * shows it under the password input like its other rules.
 */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', undefined, {
      fields: { [field]: validationMessage('passwordCommon') },
    });
  }
}
