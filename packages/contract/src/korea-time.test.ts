import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  koreaDay,
  koreaDayStart,
  koreaWallClock,
  koreaWallClockToIso,
  readBankDateTime,
} from './korea-time';

describe('Korea time', () => {
  it('reads an instant as Korean wall-clock time and day', () => {
    expect(koreaWallClock(new Date('2026-03-02T20:30:00Z'))).toBe('2026-03-03 05:30:00');
    expect(koreaDay(new Date('2026-03-02T14:59:59Z'))).toBe('2026-03-02');
    expect(koreaDay(new Date('2026-03-02T15:00:00Z'))).toBe('2026-03-03');
  });

  it('starts a Korean day at 15:00 UTC of the day before', () => {
    expect(koreaDayStart('2026-03-03').toISOString()).toBe('2026-03-02T15:00:00.000Z');
  });

  it('reads wall-clock text without an offset as Korea time', () => {
    expect(koreaWallClockToIso('2026-03-02 10:15:00')).toBe('2026-03-02T10:15:00+09:00');
    expect(koreaWallClockToIso('2026-03-02 10:15')).toBe('2026-03-02T10:15:00+09:00');
    expect(koreaWallClockToIso('2026-03-02T10:15:00.25')).toBe('2026-03-02T10:15:00.25+09:00');
    expect(koreaWallClockToIso('')).toBeNull();
    expect(koreaWallClockToIso('2026-03-02T10:15:00+09:00')).toBeNull();
    expect(koreaWallClockToIso('2026.03.02 10:15')).toBeNull();
  });
});

describe('bank statement times (docs/decisions/019)', () => {
  it.each([
    ['2026.11.24 11:35:00', '2026-11-24T11:35:00+09:00', true],
    ['2026.11.24 11:35', '2026-11-24T11:35:00+09:00', false],
    ['2026-11-24 11:35:00', '2026-11-24T11:35:00+09:00', true],
    ['2026/11/24 11:35', '2026-11-24T11:35:00+09:00', false],
    ['20261124 113500', '2026-11-24T11:35:00+09:00', true],
    ['20261124113500', '2026-11-24T11:35:00+09:00', true],
    ['2026-1-5 9:05', '2026-01-05T09:05:00+09:00', false],
    ['  2026.11.24   11:35:00 ', '2026-11-24T11:35:00+09:00', true],
    ['2026-11-24T11:35:00', '2026-11-24T11:35:00+09:00', true],
    ['2026-11-24T02:35:00Z', '2026-11-24T02:35:00+00:00', true],
    ['2026-11-24T11:35:00+09:00', '2026-11-24T11:35:00+09:00', true],
  ])('reads %j as %s (Korea time unless an offset is given)', (text, iso, seconds) => {
    expect(readBankDateTime(text)).toEqual({ ok: true, iso, seconds });
  });

  it.each([
    ['2026.11.24', 'timeMissing'],
    ['20261124', 'timeMissing'],
    ['2026.02.30 11:35', 'dateInvalid'],
    ['2026.13.01 11:35', 'dateInvalid'],
    ['2026.11.24 24:00', 'dateInvalid'],
    ['2026.11.24 11:60', 'dateInvalid'],
    ['2026.11-24 11:35', 'dateInvalid'],
    ['24.11.2026 11:35', 'dateInvalid'],
    ['2026.11.24 오전 11:35', 'dateInvalid'],
    ['', 'dateInvalid'],
    ['합계', 'dateInvalid'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(readBankDateTime(text)).toEqual({ ok: false, problem });
  });

  it('reads every form of one Korean wall-clock time as the same instant', () => {
    const wall = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(wall, (at) => {
        const text = at.toISOString();
        const [y, mo, d, h, mi, s] = [
          text.slice(0, 4),
          text.slice(5, 7),
          text.slice(8, 10),
          text.slice(11, 13),
          text.slice(14, 16),
          text.slice(17, 19),
        ];
        const expected = `${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`;
        for (const form of [
          `${y}.${mo}.${d} ${h}:${mi}:${s}`,
          `${y}-${mo}-${d} ${h}:${mi}:${s}`,
          `${y}/${mo}/${d} ${h}:${mi}:${s}`,
          `${y}${mo}${d} ${h}${mi}${s}`,
          `${y}${mo}${d}${h}${mi}${s}`,
        ]) {
          expect(readBankDateTime(form)).toEqual({ ok: true, iso: expected, seconds: true });
        }
        const minute = readBankDateTime(`${y}.${mo}.${d} ${h}:${mi}`);
        expect(minute).toEqual({
          ok: true,
          iso: `${y}-${mo}-${d}T${h}:${mi}:00+09:00`,
          seconds: false,
        });
        expect(Date.parse(expected) - at.getTime()).toBe(-9 * 3600_000 - at.getUTCMilliseconds());
      }),
    );
  });
});
