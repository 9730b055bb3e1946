/**
 * Korea's time, in which the agencies' bank accounts, statements and calendar days are kept.
 * Korea has no daylight saving time, so the offset is always +09:00. Zod-free, for both sides.
 */
export const KOREA_TIME_ZONE = 'Asia/Seoul';
export const KOREA_OFFSET = '+09:00';
export const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The wall-clock time in Korea at an instant, as "YYYY-MM-DD HH:mm:ss". */
export function koreaWallClock(at: Date = new Date()): string {
  return new Date(at.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The calendar day in Korea at an instant, as "YYYY-MM-DD". */
export function koreaDay(at: Date = new Date()): string {
  return koreaWallClock(at).slice(0, 10);
}

/** 00:00 in Korea of a "YYYY-MM-DD" day, as an instant. */
export function koreaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${KOREA_OFFSET}`);
}

/**
 * Korean wall-clock time without an offset ("2026-03-02 10:02", "2026-03-02T10:02:00.5", as a
 * date picker or a bank statement writes it) as ISO 8601 with its offset
 * ("2026-03-02T10:02:00+09:00"), or null when it is not of that shape.
 */
export function koreaWallClockToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2}(?:\.\d{1,6})?)?$/.exec(value.trim());
  if (!match) return null;
  const [, date, time, seconds = ':00'] = match;
  return `${date}T${time}${seconds}${KOREA_OFFSET}`;
}
