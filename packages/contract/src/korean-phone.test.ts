import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneSchema } from './auth';
import { readKoreanPhone } from './korean-phone';

describe('readKoreanPhone', () => {
  it.each([
    ['010-1234-5678', '010-1234-5678'],
    ['01012345678', '010-1234-5678'],
    ['010 1234 5678', '010-1234-5678'],
    ['010-12345678', '010-1234-5678'],
    ['010 - 1234 - 5678', '010-1234-5678'],
    ['  010-1234-5678 ', '010-1234-5678'],
    ['011-123-4567', '011-123-4567'],
    ['0111234567', '011-123-4567'],
    ['016-1234-5678', '016-1234-5678'],
    ['017-123-4567', '017-123-4567'],
    ['018-123-4567', '018-123-4567'],
    ['019-1234-5678', '019-1234-5678'],
    ['02-123-4567', '02-123-4567'],
    ['02-1234-5678', '02-1234-5678'],
    ['021234567', '02-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['031-123-4567', '031-123-4567'],
    ['031-1234-5678', '031-1234-5678'],
    ['0511234567', '051-123-4567'],
    ['064 712 3456', '064-712-3456'],
    ['044-123-4567', '044-123-4567'],
    ['070-1234-5678', '070-1234-5678'],
    ['+82 10-1234-5678', '010-1234-5678'],
    ['+82-10-1234-5678', '010-1234-5678'],
    ['+821012345678', '010-1234-5678'],
    ['+82 2-123-4567', '02-123-4567'],
  ])('takes %j as %s', (typed, stored) => {
    expect(readKoreanPhone(typed)).toBe(stored);
  });

  it.each([
    ['incomplete mobile', '010-1234'],
    ['mobile one digit short', '010-1234-567'],
    ['mobile one digit long', '010-1234-56789'],
    ['010 with three middle digits', '010-123-4567'],
    ['Seoul too short', '02-12-3456'],
    ['area code too short', '031-12-3456'],
    ['no area code', '1234-5678'],
    ['unknown prefix', '012-3456-7890'],
    ['toll-free', '080-123-4567'],
    ['business number', '1588-1234'],
    ['dashes in the wrong places', '0101-234-5678'],
    ['two dashes', '010--1234-5678'],
    ['dots', '010.1234.5678'],
    ['brackets', '(02) 123-4567'],
    ['letters', '010-ABCD-5678'],
    ['+82 with its trunk zero', '+82 010-1234-5678'],
    ['another country', '+1 212 555 0100'],
    ['82 without plus', '82-10-1234-5678'],
    ['empty', ''],
    ['full-width digits', '０１０-1234-5678'],
  ])('refuses %s (%j)', (_what, typed) => {
    expect(readKoreanPhone(typed)).toBeNull();
  });

  it('reads back what it stores, and never a number of another length', () => {
    const mobile = fc.stringMatching(/^010\d{8}$/);
    const seoul = fc.stringMatching(/^02[1-9]\d{6,7}$/);
    fc.assert(
      fc.property(fc.oneof(mobile, seoul), (digits) => {
        const stored = readKoreanPhone(digits);
        expect(stored?.replaceAll('-', '')).toBe(digits);
        expect(readKoreanPhone(stored!)).toBe(stored);
        expect(readKoreanPhone(digits.slice(0, -1))).not.toBe(stored);
      }),
    );
  });
});

describe('phoneSchema', () => {
  const messageOf = (input: unknown) => {
    const result = phoneSchema.safeParse(input);
    return result.success ? result.data : `! ${result.error.issues[0]?.message}`;
  };

  it('stores the number with dashes', () => {
    expect(messageOf('01012345678')).toBe('010-1234-5678');
  });

  it('refuses an incomplete number, and says the limit of a long one', () => {
    expect(messageOf('010-1234')).toBe('! phoneInvalid');
    expect(messageOf('')).toBe('! required');
    expect(messageOf('0'.repeat(21))).toBe('! tooLong?max=20');
  });
});
