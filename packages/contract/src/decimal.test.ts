import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { groupDigits, readDecimal, trimDecimal } from './decimal';

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

describe('readDecimal: a number as people type it', () => {
  const asset = { places: 8, wholeDigits: 14 };
  const won = { places: 0, wholeDigits: 16 };
  const typed = (text: string, rule = asset) => readDecimal(text, rule, { grouping: true });
  const wire = (text: string, rule = asset) => readDecimal(text, rule, { grouping: false });

  it.each([
    ['1,000', '1000'],
    ['1,000.5', '1000.5'],
    [' 1000 ', '1000'],
    ['1000', '1000'],
    ['12,345,678.12345678', '12345678.12345678'],
    ['0.5', '0.5'],
    ['0', '0'],
    ['1,000.50', '1000.5'],
    ['10.00000000', '10'],
    ['\t250\u3000', '250'],
  ])('takes %j as %s', (text, value) => {
    expect(typed(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notNumber'],
    ['1만', 'notNumber'],
    ['10 USDT', 'notNumber'],
    ['1 000', 'notNumber'],
    ['1.2.3', 'notNumber'],
    ['+5', 'notNumber'],
    ['1e3', 'notNumber'],
    ['-', 'notNumber'],
    ['--5', 'notNumber'],
    ['-5', 'negative'],
    ['-1,000.5', 'negative'],
    ['1,00', 'grouping'],
    ['1000,000', 'grouping'],
    ['1,0000', 'grouping'],
    [',100', 'grouping'],
    ['100,', 'grouping'],
    ['1,000.000,1', 'grouping'],
    ['007', 'leadingZero'],
    ['00.5', 'leadingZero'],
    ['0,100', 'leadingZero'],
    ['10.', 'incomplete'],
    ['.5', 'incomplete'],
    ['1.123456789', 'tooManyDecimals'],
    ['123456789012345', 'tooManyDigits'],
  ])('refuses %j: %s', (text, problem) => {
    expect(typed(text)).toEqual({ ok: false, problem });
  });

  it('takes no decimals for won', () => {
    expect(typed('1,000,000', won)).toEqual({ ok: true, value: '1000000' });
    expect(typed('1000.5', won)).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });

  it('on the wire, takes plain decimals only', () => {
    expect(wire('1000.5')).toEqual({ ok: true, value: '1000.5' });
    expect(wire(' 1000 ')).toEqual({ ok: true, value: '1000' });
    expect(wire('1,000')).toEqual({ ok: false, problem: 'grouping' });
  });

  /** Any decimal the rule can hold, as its plain shortest string. */
  const decimal = fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }),
      fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }),
    )
    .map(([whole, fraction]) =>
      trimDecimal(fraction === undefined ? whole.toString() : `${whole}.${fraction}`),
    );

  it('reads any decimal back from its grouped form, and from its plain form', () => {
    fc.assert(
      fc.property(decimal, (value) => {
        expect(typed(groupDigits(value))).toEqual({ ok: true, value });
        expect(typed(` ${value} `)).toEqual({ ok: true, value });
        expect(wire(value)).toEqual({ ok: true, value });
      }),
    );
  });

  /** Texts near numbers: digits, commas, points, minus signs, spaces and a letter or two. */
  const numberish = fc
    .array(fc.constantFrom(...'0123456789,.- 만a'.split('')), { maxLength: 16 })
    .map((characters) => characters.join(''));

  /** Grouped decimals with one character put in, taken out or replaced: near misses. */
  const nearMiss = fc
    .tuple(
      decimal,
      fc.nat(),
      fc.constantFrom('insert', 'remove', 'replace'),
      fc.constantFrom(...'0,. -'.split('')),
    )
    .map(([value, at, edit, character]) => {
      const text = groupDigits(value);
      const index = at % (text.length + 1);
      const before = text.slice(0, index);
      if (edit === 'insert') return `${before}${character}${text.slice(index)}`;
      if (edit === 'remove') return `${before}${text.slice(index + 1)}`;
      return `${before}${character}${text.slice(index + 1)}`;
    });

  it('whatever it takes round-trips, and has exactly one meaning', () => {
    fc.assert(
      fc.property(fc.oneof(numberish, nearMiss, decimal.map(groupDigits)), (text) => {
        const reading = typed(text);
        if (!reading.ok) return;
        const { value } = reading;
        // Formatted with grouping and read again: the same value.
        expect(typed(groupDigits(value))).toEqual({ ok: true, value });
        // Unambiguous: the text is that decimal with its commas as thousands separators and
        // nothing else (no leading zero, no bare point, no sign).
        const shown = text.trim();
        const [whole = '', fraction] = shown.split('.');
        const plainWhole = whole.replaceAll(',', '');
        expect(whole === plainWhole || whole === groupDigits(plainWhole)).toBe(true);
        expect(plainWhole === '0' || !plainWhole.startsWith('0')).toBe(true);
        expect(
          new Big(fraction === undefined ? plainWhole : `${plainWhole}.${fraction}`).eq(value),
        ).toBe(true);
        expect(trimDecimal(value)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});
