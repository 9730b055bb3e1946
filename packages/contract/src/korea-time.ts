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

/**
 * The days the portal keeps, in Korea: 2000-01-01 to 2099-12-31. A day outside them is a typing
 * mistake (year 0001, 9999) that no list, report or deposit can hold, and JavaScript's Date
 * would read years 0-99 as 1900-1999; it is refused as `dateOutOfRange`
 * (docs/SECURITY.md "Dates at the limits").
 */
export const FIRST_KEPT_DAY = '2000-01-01';
export const LAST_KEPT_DAY = '2099-12-31';

/** Whether a "YYYY-MM-DD" day is one the portal keeps. */
export function isKeptDay(day: string): boolean {
  return day >= FIRST_KEPT_DAY && day <= LAST_KEPT_DAY;
}

/** Whether an instant (ISO 8601) falls on a day the portal keeps, in Korea. */
export function isKeptInstant(iso: string): boolean {
  const at = new Date(iso);
  return !Number.isNaN(at.getTime()) && isKeptDay(koreaDay(at));
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

/** A bank statement's time, read: ISO 8601 with its offset, and whether the bank gave seconds. */
export type BankTimeReading =
  | { readonly ok: true; readonly iso: string; readonly seconds: boolean }
  | { readonly ok: false; readonly problem: 'timeMissing' | 'dateInvalid' | 'dateOutOfRange' };

// Year, month and day with one separator used twice (".", "-" or "/"), or eight digits.
const BANK_DATE = /^(\d{4})([./-])(\d{1,2})\2(\d{1,2})$|^(\d{4})(\d{2})(\d{2})$/;
// "11:35", "9:05:00", or six (or four) digits as bank systems write them: "113500".
const BANK_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$|^(\d{2})(\d{2})(\d{2})?$/;
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const two = (value: number) => String(value).padStart(2, '0');

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The time of a deposit as Korean banks' internet-banking exports write it
 * (docs/decisions/019): "2026.11.24 11:35:00", "2026.11.24 11:35", "2026-11-24 11:35:00",
 * "2026/11/24 11:35", "20261124 113500", "20261124113500", and the portal's own ISO 8601 with
 * its offset. Without an offset the time is Korea's (+09:00, no daylight saving time). A date
 * without a time of day is refused (`timeMissing`): a deposit is matched by when it arrived.
 * Impossible dates (2026.02.30) and times (24:00) are refused, never rolled over.
 */
export function readBankDateTime(text: string): BankTimeReading {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const iso = ISO_WITH_OFFSET.exec(trimmed);
  if (iso) {
    const [, y, mo, d, h, mi, s] = iso;
    const valid =
      isCalendarDay(Number(y), Number(mo), Number(d)) &&
      Number(h) < 24 &&
      Number(mi) < 60 &&
      Number(s ?? 0) < 60;
    if (!valid) return { ok: false, problem: 'dateInvalid' };
    const iso8601 = trimmed.replace(/Z$/, '+00:00');
    if (!isKeptInstant(iso8601)) return { ok: false, problem: 'dateOutOfRange' };
    return { ok: true, iso: iso8601, seconds: s !== undefined };
  }
  // A date and a time, apart ("2026.11.24 11:35") or, for the digits-only form, together.
  // ISO 8601 without an offset ("2026-11-24T11:35:00", the portal's older template) is Korea's.
  const spaced = trimmed.replace(/^(\d{4}-\d{1,2}-\d{1,2})T/, '$1 ');
  const compact = /^(\d{8})(\d{6})$/.exec(spaced);
  const parts = compact ? [compact[1]!, compact[2]!] : spaced.split(' ');
  if (parts.length > 2) return { ok: false, problem: 'dateInvalid' };
  const [datePart = '', timePart] = parts;
  const date = BANK_DATE.exec(datePart);
  if (!date) return { ok: false, problem: 'dateInvalid' };
  const year = Number(date[1] ?? date[5]);
  const month = Number(date[3] ?? date[6]);
  const day = Number(date[4] ?? date[7]);
  if (!isCalendarDay(year, month, day)) return { ok: false, problem: 'dateInvalid' };
  if (timePart === undefined) return { ok: false, problem: 'timeMissing' };
  const time = BANK_TIME.exec(timePart);
  if (!time) return { ok: false, problem: 'dateInvalid' };
  const hour = Number(time[1] ?? time[4]);
  const minute = Number(time[2] ?? time[5]);
  const secondText = time[3] ?? time[6];
  const second = Number(secondText ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, problem: 'dateInvalid' };
  if (!isKeptDay(`${year}-${two(month)}-${two(day)}`))
    return { ok: false, problem: 'dateOutOfRange' };
  return {
    ok: true,
    iso: `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${KOREA_OFFSET}`,
    seconds: secondText !== undefined,
  };
}
