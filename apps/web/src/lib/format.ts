import type { TFunction } from 'i18next';
import { groupDigits, trimDecimal } from '@portal/contract/decimal';
import { KOREA_TIME_ZONE } from '@portal/contract/korea-time';

/**
 * Money and times as the screens show them. Amounts are grouped by the contract's `groupDigits`
 * (decimal.ts), without passing through a float; times are in Korea's time zone, where the
 * agencies and their bank accounts are, whatever the zone of the browser.
 */

/** An ISO time as a date and time in Korea ("Mar 2, 2026, 10:02 AM" / "2026. 3. 2. 오전 10:02"). */
export function formatKoreaDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: KOREA_TIME_ZONE,
  }).format(date);
}

/** An ISO time as a day in Korea ("Nov 20, 2026" / "2026. 11. 20."). */
export function formatKoreaDate(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: KOREA_TIME_ZONE }).format(
    date,
  );
}

/**
 * Money on screen, from the exact decimal strings of the wire: digits grouped by thousands
 * without ever turning the value into a float, and the unit following the language ("1,720 KRW",
 * "1,720원").
 */
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

/** A time in Korea for the portal's language ("2 Mar 2026, 10:02" / "2026. 3. 2. 오전 10:02"). */
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
