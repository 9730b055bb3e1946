import { useEffect, useState } from 'react';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { QUEUE_WAIT_WARNING_MINUTES } from '@portal/contract/operator-workbench';

/**
 * How long something in an operator's queue has waited (docs/decisions/021): an open request in
 * the transaction queues, a deposit in review, an approval (docs/decisions/017). One component, so
 * every queue shows and marks waits the same way.
 */

const MINUTE_MS = 60_000;

/** Now, once a minute: the waits on screen grow while the operator reads them. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Minutes waited since `since`, or null when nothing waits any more (`since` null). */
export function waitedMinutes(since: string | null, now: number): number | null {
  if (since === null) return null;
  return Math.max(0, Math.floor((now - new Date(since).getTime()) / MINUTE_MS));
}

/** Past the wait the decision sets (docs/decisions/021): the row stands out. */
export const waitedTooLong = (minutes: number | null) =>
  minutes !== null && minutes >= QUEUE_WAIT_WARNING_MINUTES;

/** The row's look past the warning: a red background, and a mark tests and styles can find. */
export const waitedRowProps = (minutes: number | null) =>
  waitedTooLong(minutes)
    ? { style: { background: 'var(--mantine-color-red-0)' }, 'data-waited-long': true }
    : {};

/** "12 min", "3 h 5 min", "2 d 4 h" / "12분", "3시간 5분", "2일 4시간". */
export function formatWaited(t: TFunction<'common'>, minutes: number): string {
  if (minutes < 1) return t('waited.underMinute');
  if (minutes < 60) return t('waited.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const m = minutes % 60;
    return m === 0 ? t('waited.hours', { h: hours }) : t('waited.hoursMinutes', { h: hours, m });
  }
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? t('waited.days', { d: days }) : t('waited.daysHours', { d: days, h });
}

/** The wait of one row: plain, or marked (icon, colour and words) past the warning. */
export function Waited({ since, now }: { since: string | null; now: number }) {
  const { t } = useTranslation('common');
  const minutes = waitedMinutes(since, now);
  if (minutes === null) {
    return (
      <Text fz="sm" c="dark.6">
        {t('waited.closed')}
      </Text>
    );
  }
  const late = waitedTooLong(minutes);
  return (
    <Group gap={4} wrap="nowrap">
      {late ? (
        <IconClockExclamation size={16} color="var(--mantine-color-red-9)" aria-hidden />
      ) : null}
      <Text
        fz="sm"
        fw={late ? 700 : 400}
        c={late ? 'red.9' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatWaited(t, minutes)}
        {late ? (
          <VisuallyHidden>
            {t('waited.tooLong', { minutes: QUEUE_WAIT_WARNING_MINUTES })}
          </VisuallyHidden>
        ) : null}
      </Text>
    </Group>
  );
}
