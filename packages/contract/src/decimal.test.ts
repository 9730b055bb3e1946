import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, trimDecimal } from './decimal';

describe('trimDecimal', () => {
  it('drops trailing zeros and a bare point, and keeps whole numbers as they are', () => {
    expect(trimDecimal('2.50000000')).toBe('2.5');
    expect(trimDecimal('10.00000000')).toBe('10');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('0.00000000')).toBe('0');
    expect(trimDecimal('-0.0')).toBe('0');
    expect(trimDecimal('-1.20')).toBe('-1.2');
  });

  it('never changes the value (checked against a NUMERIC-like padding of random decimals)', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 22n }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
    fc.assert(
      fc.property(decimal, (padded) => {
        const trimmed = trimDecimal(padded);
        const [whole, fraction = ''] = trimmed.split('.');
        expect(`${whole}.${fraction.padEnd(8, '0')}`).toBe(padded);
        expect(trimmed.endsWith('0') && trimmed.includes('.')).toBe(false);
      }),
    );
  });
});

describe('groupDigits', () => {
  it('groups the whole part by thousands and keeps the fraction as written', () => {
    expect(groupDigits('1392500.5')).toBe('1,392,500.5');
    expect(groupDigits('12345678901234.12345678')).toBe('12,345,678,901,234.12345678');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.5')).toBe('0.5');
    expect(groupDigits('-1200')).toBe('-1,200');
  });

  it('gives back what is not a decimal string', () => {
    expect(groupDigits('abc')).toBe('abc');
    expect(groupDigits('')).toBe('');
  });

  it('agrees with BigInt grouping for any whole number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (value) => {
        expect(groupDigits(value.toString())).toBe(value.toLocaleString('en-US'));
      }),
    );
  });
});
