import type { Language } from './browser';

/**
 * Digits written as letters, to make a test user's name unique: a person's name takes no digits
 * (docs/decisions/014), so "김하늘1234" would be refused at sign-up.
 */
export function nameTag(digits: string, language: Language): string {
  const letters = language === 'ko' ? '가나다라마바사아자차' : 'abcdefghij';
  return digits.replace(/\d/g, (digit) => letters[Number(digit)]!);
}
