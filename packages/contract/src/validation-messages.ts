// No zod here: the browser's error handling, on every signed-in page, reads these texts, and
// pages that only read do not load zod. The schemas in validation.ts use these keys.

/**
 * Validation message keys. Schemas carry these keys as their messages; the server returns them in
 * `error.fields`, and the web translates them from its `validation` namespace, whose English text
 * is exactly `VALIDATION_MESSAGES_EN` (a test keeps the two equal).
 *
 * A key may carry parameters its text names (`{{max}}`), written after a question mark as in a
 * URL's query: `tooLong?max=60` (docs/decisions/014). `validationMessage` writes one and
 * `readValidationMessage` reads it, on both sides and in both places a message comes from (the
 * web's own check and the API's `error.fields`), so every value stays a plain string.
 */
export const VALIDATION_MESSAGES_EN = {
  required: 'This field is required.',
  scriptLike: 'Text that looks like a script or markup is not allowed.',
  invalidCharacters: 'This text contains characters that are not allowed.',
  tooLong: 'Use at most {{max}} characters.',
  tooShort: 'Use at least {{min}} characters.',
  tooMany: 'Send at most {{max}} items.',
  nameInvisibleCharacters: 'A name cannot contain invisible characters or special spaces.',
  nameCharacters:
    "Use only Hangul, Latin letters (A-Z), spaces, hyphens (-), apostrophes (') and periods (.) in a name, starting with a letter.",
  invalid: 'This value is not valid.',
  passwordTooShort: 'Password must be more than 8 letter.',
  passwordTooLong: 'Use at most {{max}} characters for the password.',
  passwordMismatch: 'The passwords do not match.',
  passwordCommon:
    'This password is too common or has appeared in a data breach. Choose one that is harder to guess.',
  secondFactorCodeInvalid:
    'Enter the 6-digit code from your authenticator app, or a 16-character recovery code.',
  totpCodeInvalid: 'Enter the 6-digit code your authenticator app shows.',
  secondFactorWrong:
    'This code is not right, or it was already used. Try the next code your app shows.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a full Korean phone number, such as 010-1234-5678 or 02-123-4567.',
  agencyCodeInvalid: 'An agency code has only letters, digits and dashes.',
  numberInvalid: 'Enter digits only, for example 1,000 or 150.5.',
  numberGrouping: 'Put commas only between groups of three digits, as in 1,000 or 1,000,000.',
  numberNotPlain: 'Send the number as plain digits with an optional decimal point, without commas.',
  numberLeadingZero: 'Leave out the zeros in front: write 7, not 007 (or 0.07 for a fraction).',
  numberIncomplete: 'Put a digit on each side of the decimal point, as in 10.5 or 0.5.',
  numberTooManyDecimals: 'Use at most {{places}} decimal places.',
  numberWholeWon: 'Enter whole won, without decimals.',
  numberTooManyDigits: 'Use at most {{digits}} digits before the decimal point.',
  amountNotPositive: 'The amount must be more than zero.',
  amountBelowMin:
    'This is below the minimum. Per request: at least {{min}} {{unit}}, at most {{max}} {{unit}}.',
  amountAboveMax:
    'This is above the maximum. Per request: at least {{min}} {{unit}}, at most {{max}} {{unit}}.',
  rateNotPositive: 'The rate must be more than zero.',
  rateSellAboveBuy: 'The sell rate may not be above the buy rate.',
  accountNumberInvalid: 'An account number has only letters, digits and dashes.',
  merchantCodeInvalid: 'A merchant code has 2 to 20 capital letters, digits or dashes.',
  assetCodeInvalid: 'An asset code has 2 to 10 capital letters or digits.',
  urlInvalid: 'Enter a full web address starting with https://.',
  secretTooShort: 'The secret must be at least {{min}} characters.',
  limitsOutOfOrder: 'The maximum must not be below the minimum.',
  httpConnectionIncomplete: 'An HTTP merchant needs its address, key id and secret.',
  bankReferenceInvalid:
    'A bank reference has 1 to 100 letters, digits, dashes, dots, slashes or underscores.',
  dateInvalid: 'Enter a valid date and time.',
  dateOutOfRange: 'Choose a day from 1 January 2000 to 31 December 2099.',
  depositReferenceConflict:
    'This bank reference is already recorded with another depositor, amount or time.',
  dateInFuture: 'The date cannot be in the future.',
  dateRangeReversed: 'The end day may not be before the start day.',
  statementDateInvalid:
    'Write the date and time as the bank does, for example 2026.11.24 11:35:00 or 2026-11-24 11:35.',
  statementTimeMissing:
    'Give the time of day as well as the date: a deposit is matched by when it arrived.',
  statementDepositAndWithdrawal:
    'This line has both a deposit and a withdrawal amount, so it is not clear which it is.',
  bankAccountNumberInvalid: 'A bank account number has 6 to 30 digits and dashes.',
  payeeBankInvalid: 'Choose a bank from the list.',
  payeeAccountNumberInvalid: 'An account number has 10 to 16 digits, with or without dashes.',
  userUnknown: 'No user has this email.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;

/** What a message key's text names: `{ max: 60 }` for "Use at most {{max}} characters." */
export type ValidationParams = Readonly<Record<string, string | number>>;

/** A key with its parameters, as schemas carry it and `error.fields` sends it: `tooLong?max=60`. */
export function validationMessage(key: ValidationMessageKey, params?: ValidationParams): string {
  const entries = Object.entries(params ?? {});
  if (entries.length === 0) return key;
  const query = entries.map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`,
  );
  return `${key}?${query.join('&')}`;
}

/** The key and parameters of a message (`tooLong?max=60` -> `tooLong`, `{ max: '60' }`). */
export function readValidationMessage(message: string): {
  key: string;
  params: Record<string, string>;
} {
  const at = message.indexOf('?');
  if (at === -1) return { key: message, params: {} };
  // fromEntries defines each name as the object's own property, "__proto__" included.
  const params = Object.fromEntries(
    message
      .slice(at + 1)
      .split('&')
      .map((pair) => {
        const [name = '', value = ''] = pair.split('=', 2);
        return [decodeText(name), decodeText(value)];
      }),
  );
  return { key: message.slice(0, at), params };
}

/** Percent-decoding that never throws: a malformed escape stays as it was sent. */
function decodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a message is one of the keys above, with or without parameters. */
export function isValidationMessage(message: string): boolean {
  return Object.hasOwn(VALIDATION_MESSAGES_EN, readValidationMessage(message).key);
}

/** A message in English with its parameters filled in, for texts the server writes itself. */
export function validationMessageEn(message: string): string | undefined {
  const { key, params } = readValidationMessage(message);
  if (!Object.hasOwn(VALIDATION_MESSAGES_EN, key)) return undefined;
  return VALIDATION_MESSAGES_EN[key as ValidationMessageKey].replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => params[name] ?? placeholder,
  );
}
