import { FIRST_KEPT_DAY, koreaWallClock, LAST_KEPT_DAY } from '@portal/contract/korea-time';
import { useState } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CalendarSettings } from '@/components/ui/calendar-settings';

type Range = DatesRangeValue<string>;

const localeOf = (language: string) => (language === 'ko' ? 'ko-KR' : 'en-GB');

/** "1 March 2026" / "2026년 3월 1일": a calendar day in the reader's language. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    date,
  );
}

/** The applied range in words: one day, "1 March 2026 – 5 March 2026", "From …", "All dates". */
export function rangeLabel(
  t: TFunction<'transactionList'>,
  language: string,
  from?: string,
  to?: string,
): string {
  if (from && to) {
    return from === to
      ? formatDay(from, language)
      : t('dates.range', { from: formatDay(from, language), to: formatDay(to, language) });
  }
  if (from) return t('dates.since', { from: formatDay(from, language) });
  if (to) return t('dates.until', { to: formatDay(to, language) });
  return t('dates.any');
}

/**
 * The date-range filter: a calendar in a popover, where days are only a draft until Apply.
 * Cancel (or Escape, or a click outside) closes it and leaves the applied range as it was.
 * Days are Korean calendar days; the server reads them in Asia/Seoul.
 */
export function DateRangeFilter({
  from,
  to,
  onApply,
}: {
  from?: string;
  to?: string;
  onApply: (from: string | undefined, to: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation('transactionList');
  const language = i18n.language;
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Range>([from ?? null, to ?? null]);

  const open = () => {
    setDraft([from ?? null, to ?? null]);
    setOpened(true);
  };
  const cancel = () => setOpened(false);
  const apply = () => {
    const [start, end] = draft;
    onApply(start ?? undefined, end ?? start ?? undefined);
    setOpened(false);
  };

  const applied = rangeLabel(t, language, from, to);
  const [draftFrom, draftTo] = draft;

  return (
    <Stack gap={4}>
      <Text component="span" fz="sm" fw={500} id="transaction-dates-label">
        {t('dates.label')}
      </Text>
      <Popover
        opened={opened}
        onChange={setOpened}
        onDismiss={cancel}
        position="bottom-start"
        trapFocus
        returnFocus
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => (opened ? cancel() : open())}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-describedby="transaction-dates-label"
            fw={400}
            justify="flex-start"
            w={{ base: '100%', sm: 'auto' }}
            data-testid="date-range-button"
          >
            {applied}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm" role="dialog" aria-label={t('dates.dialog')}>
            <CalendarSettings>
              <DatePicker
                type="range"
                allowSingleDateInRange
                minDate={FIRST_KEPT_DAY}
                maxDate={LAST_KEPT_DAY}
                value={draft}
                onChange={setDraft}
                defaultDate={from ?? to ?? koreaWallClock().slice(0, 10)}
                getDayAriaLabel={(day) => formatDay(day, language)}
                ariaLabels={{
                  nextMonth: t('dates.nextMonth'),
                  previousMonth: t('dates.previousMonth'),
                  monthLevelControl: t('dates.chooseMonth'),
                  nextYear: t('dates.nextYear'),
                  previousYear: t('dates.previousYear'),
                  yearLevelControl: t('dates.chooseYear'),
                }}
              />
            </CalendarSettings>
            <Text fz="xs" c="dark.6" aria-live="polite" maw={260}>
              {draftFrom
                ? t('dates.draft', {
                    from: formatDay(draftFrom, language),
                    to: formatDay(draftTo ?? draftFrom, language),
                  })
                : t('dates.draftNone')}
            </Text>
            <Group justify="space-between" gap="xs">
              <Button variant="subtle" size="xs" onClick={() => setDraft([null, null])}>
                {t('dates.clear')}
              </Button>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={cancel}>
                  {t('dates.cancel')}
                </Button>
                <Button size="xs" onClick={apply}>
                  {t('dates.apply')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Stack>
  );
}
