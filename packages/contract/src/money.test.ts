import { describe, expect, it } from 'vitest';
import {
  ASSET_AMOUNT,
  assetAmountSchema,
  checkAmount,
  checkWon,
  KRW_AMOUNT,
  krwAmountSchema,
  RATE_KRW,
  rateKrwSchema,
} from './money';

const limits = { min: '10', max: '10000', unit: 'USDT' };
const typed = (text: string) => checkAmount(text, ASSET_AMOUNT, { grouping: true, limits });

describe('checkAmount: what a form says of a typed amount', () => {
  it('takes an amount within the limits as its plain value', () => {
    expect(typed('1,000')).toEqual({ ok: true, value: '1000' });
    expect(typed(' 10 ')).toEqual({ ok: true, value: '10' });
    expect(typed('10,000')).toEqual({ ok: true, value: '10000' });
  });

  it.each([
    ['', 'required'],
    ['abc', 'numberInvalid'],
    ['1만', 'numberInvalid'],
    ['1,00', 'numberGrouping'],
    ['007', 'numberLeadingZero'],
    ['10.', 'numberIncomplete'],
    ['-5', 'amountNotPositive'],
    ['0', 'amountNotPositive'],
    ['0.000', 'amountNotPositive'],
    ['1.123456789', 'numberTooManyDecimals?places=8'],
    ['123456789012345', 'numberTooManyDigits?digits=14'],
    ['3', 'amountBelowMin?min=10&max=10000&unit=USDT'],
    ['9.99999999', 'amountBelowMin?min=10&max=10000&unit=USDT'],
    ['25000', 'amountAboveMax?min=10&max=10000&unit=USDT'],
    ['10,000.00000001', 'amountAboveMax?min=10&max=10000&unit=USDT'],
  ])('refuses %j with %s', (text, message) => {
    expect(typed(text)).toEqual({ ok: false, message });
  });

  it('names the places of won and of a rate', () => {
    expect(checkAmount('1000.5', KRW_AMOUNT, { grouping: true })).toEqual({
      ok: false,
      message: 'numberWholeWon',
    });
    expect(checkAmount('1,392.505', RATE_KRW, { grouping: true })).toEqual({
      ok: false,
      message: 'numberTooManyDecimals?places=2',
    });
    expect(checkAmount('1,392.50', RATE_KRW, { grouping: true })).toEqual({
      ok: true,
      value: '1392.5',
    });
  });
});

describe('the API takes plain decimal strings', () => {
  const messageOf = (schema: typeof assetAmountSchema, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? result.data : `! ${result.error.issues[0]?.message}`;
  };

  it('gives back the shortest plain form', () => {
    expect(messageOf(assetAmountSchema, ' 1.50 ')).toBe('1.5');
    expect(messageOf(krwAmountSchema, '1392500')).toBe('1392500');
    expect(messageOf(rateKrwSchema, '1392.50')).toBe('1392.5');
  });

  it('refuses grouping, zero and what is not text, each in its words', () => {
    expect(messageOf(assetAmountSchema, '1,000')).toBe('! numberNotPlain');
    expect(messageOf(assetAmountSchema, '0')).toBe('! amountNotPositive');
    expect(messageOf(krwAmountSchema, '1.5')).toBe('! numberWholeWon');
    expect(messageOf(krwAmountSchema, '-5')).toBe('! amountNotPositive');
    expect(messageOf(rateKrwSchema, '0')).toBe('! rateNotPositive');
    expect(messageOf(rateKrwSchema, '1400.123')).toBe('! numberTooManyDecimals?places=2');
    expect(messageOf(assetAmountSchema, 12)).toBe('! numberInvalid');
    expect(messageOf(assetAmountSchema, undefined)).toBe('! required');
  });
});

describe('checkWon: won as a statement or a bank screen writes them', () => {
  it('drops a won sign or unit at either end, then reads whole won', () => {
    for (const text of [
      '1,000,000',
      '1,000,000원',
      ' 1000000 ',
      '₩1,000,000',
      '1000000 KRW',
      '1,000,000 원',
    ]) {
      expect(checkWon(text)).toEqual({ ok: true, value: '1000000' });
    }
  });

  it('refuses what is not whole won, each for its reason, never naming decimal places', () => {
    expect(checkWon('1,00원')).toEqual({ ok: false, message: 'numberGrouping' });
    expect(checkWon('1000.5')).toEqual({ ok: false, message: 'numberWholeWon' });
    expect(checkWon('1만원')).toEqual({ ok: false, message: 'numberInvalid' });
    expect(checkWon('0원')).toEqual({ ok: false, message: 'amountNotPositive' });
    expect(checkWon('')).toEqual({ ok: false, message: 'required' });
  });
});
