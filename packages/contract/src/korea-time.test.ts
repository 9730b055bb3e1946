import { describe, expect, it } from 'vitest';
import { koreaDay, koreaDayStart, koreaWallClock, koreaWallClockToIso } from './korea-time';

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
