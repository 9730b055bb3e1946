/**
 * Display formats the operator screens share. Money arrives as decimal strings and is grouped
 * without passing through a float; times are shown in Korea's time zone, where the agencies and
 * their bank accounts are, whatever the zone of the browser.
 */
export const KOREA_TIME_ZONE = 'Asia/Seoul';

/** "1392500.5" -> "1,392,500.5": the integer part grouped as a BigInt, the fraction as written. */
export function formatDecimal(value: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = BigInt(whole).toLocaleString(locale);
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

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

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The wall-clock time in Korea now, as a date picker value: "YYYY-MM-DD HH:mm:ss". */
export function koreaWallClock(now: Date = new Date()): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A date picker value read as Korean wall-clock time ("2026-03-02 10:02:00") -> ISO 8601 with
 * its offset ("2026-03-02T10:02:00+09:00"). Korea has no daylight saving time, so +09:00 always.
 */
export function koreaWallClockToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, date, time, seconds = '00'] = match;
  return `${date}T${time}:${seconds}+09:00`;
}
