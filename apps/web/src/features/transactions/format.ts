import type { TFunction } from 'i18next';
import { formatKoreaDateTime, KOREA_TIME_ZONE } from '@/lib/format';

/**
 * Money on screen, from the exact decimal strings of the wire: digits are grouped by thousands
 * without ever turning the value into a float, and the unit follows the language ("1,720 KRW",
 * "1,720원").
 */
export function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.trim().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Drops trailing zeros of a fraction (NUMERIC columns may send "1.50000000"). */
export function trimDecimal(decimal: string): string {
  if (!decimal.includes('.')) return decimal;
  return decimal.replace(/\.?0+$/, '');
}

export function formatKrw(t: TFunction, value: string): string {
  return t('transactions:money.krw', { value: groupDigits(value) });
}

export function formatAsset(t: TFunction, value: string, asset: string): string {
  return t('transactions:money.asset', { value: groupDigits(trimDecimal(value)), asset });
}

export function formatRate(t: TFunction, rateKrw: string, asset: string): string {
  return t('transactions:money.rate', { rate: groupDigits(trimDecimal(rateKrw)), asset });
}

const localeOf = (language: string) => (language === 'ko' ? 'ko-KR' : 'en-GB');

/** Times in Korea's time zone, where the agencies' banks are, whatever the browser's zone. */
export function formatDateTime(iso: string, language: string): string {
  return formatKoreaDateTime(iso, localeOf(language));
}

export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), {
    timeStyle: 'short',
    timeZone: KOREA_TIME_ZONE,
  }).format(date);
}
