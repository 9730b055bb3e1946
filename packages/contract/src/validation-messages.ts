// No zod here: the browser's error handling, on every signed-in page, reads these texts, and
// pages that only read do not load zod. The schemas in validation.ts use these keys.

/**
 * Validation message keys. Schemas carry these keys as their messages; the server returns them in
 * `error.fields`, and the web translates them from its `validation` namespace, whose English text
 * is exactly `VALIDATION_MESSAGES_EN` (a test keeps the two equal).
 */
export const VALIDATION_MESSAGES_EN = {
  required: 'This field is required.',
  scriptLike: 'Text that looks like a script or markup is not allowed.',
  invalidCharacters: 'This text contains characters that are not allowed.',
  tooLong: 'This text is too long.',
  nameInvisibleCharacters: 'A name cannot contain invisible characters or special spaces.',
  invalid: 'This value is not valid.',
  passwordTooShort: 'Password must be more than 8 letter.',
  passwordTooLong: 'This password is too long.',
  passwordMismatch: 'The passwords do not match.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a valid phone number.',
  agencyCodeInvalid: 'An agency code has only letters, digits and dashes.',
  amountInvalid: 'Enter an amount as a number, with at most 8 decimal places.',
  amountNotPositive: 'The amount must be more than zero.',
  accountNumberInvalid: 'An account number has only letters, digits and dashes.',
  merchantCodeInvalid: 'A merchant code has 2 to 20 capital letters, digits or dashes.',
  assetCodeInvalid: 'An asset code has 2 to 10 capital letters or digits.',
  urlInvalid: 'Enter a full web address starting with https://.',
  secretTooShort: 'The secret must be at least 16 characters.',
  limitsOutOfOrder: 'The maximum must not be below the minimum.',
  httpConnectionIncomplete: 'An HTTP merchant needs its address, key id and secret.',
  rateInvalid: 'Enter a rate in won, with at most 2 decimal places.',
  bankReferenceInvalid:
    'A bank reference has 1 to 100 letters, digits, dashes, dots, slashes or underscores.',
  dateInvalid: 'Enter a valid date and time.',
  dateInFuture: 'The date cannot be in the future.',
  bankAccountNumberInvalid: 'A bank account number has 6 to 30 digits and dashes.',
  payeeBankInvalid: 'Choose a bank from the list.',
  payeeAccountNumberInvalid: 'An account number has 10 to 16 digits, with or without dashes.',
  userUnknown: 'No user has this email.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;
