import type { ReactNode } from 'react';
import { FIRST_KEPT_DAY, LAST_KEPT_DAY } from '@portal/contract/korea-time';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import { CalendarSettings } from '@/components/ui/calendar-settings';
import { ExportButtons } from '@/components/ui/export-buttons';
import type { ExportFormat } from '@/lib/download';
import type { ListSearch } from '@/lib/use-list-state';

/**
 * The filter row of an operator queue, the same on every queue (docs/decisions/021): a search,
 * the screen's own choices (`children`), Korea days from and to, the order, Reset, then a line
 * with a note (a count, the wait hint) and the CSV/Excel export of exactly the filtered rows.
 * The words are the screen's own, under the same keys in its namespace `ns`: `filters.search`,
 * `filters.searchPlaceholder`, `filters.from`, `filters.to`, `filters.sort`, `filters.reset`,
 * `sort.<order>` and `export.csv`, `export.excel`, `export.done`, `export.failed`.
 */
export function QueueFilters<Sort extends string>({
  ns,
  label,
  search,
  from,
  to,
  onRange,
  sort,
  sorts,
  onSort,
  filtered,
  onReset,
  note,
  onExport,
  children,
  mb,
}: {
  ns: string;
  /** The section's accessible name. */
  label: string;
  search: ListSearch;
  from: string | undefined;
  to: string | undefined;
  /** A day chosen or cleared (`undefined`). */
  onRange: (patch: { from?: string; to?: string }) => void;
  sort: Sort;
  sorts: readonly Sort[];
  onSort: (sort: Sort) => void;
  /** Whether anything differs from the queue's own view: Reset shows then. */
  filtered: boolean;
  onReset: () => void;
  note?: ReactNode;
  onExport: (format: ExportFormat) => Promise<string>;
  children?: ReactNode;
  mb?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <Paper withBorder radius="md" p="md" mb={mb} component="section" aria-label={label}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchBox
            search={search}
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            w={{ base: '100%', sm: 300 }}
          />
          {children}
          <CalendarSettings>
            <DatePickerInput
              label={t('filters.from')}
              value={from ?? null}
              onChange={(value) => onRange({ from: value ?? undefined })}
              minDate={FIRST_KEPT_DAY}
              maxDate={to ?? LAST_KEPT_DAY}
              clearable
              valueFormat="YYYY-MM-DD"
              w={{ base: '100%', xs: 160 }}
            />
            <DatePickerInput
              label={t('filters.to')}
              value={to ?? null}
              onChange={(value) => onRange({ to: value ?? undefined })}
              minDate={from ?? FIRST_KEPT_DAY}
              maxDate={LAST_KEPT_DAY}
              clearable
              valueFormat="YYYY-MM-DD"
              w={{ base: '100%', xs: 160 }}
            />
          </CalendarSettings>
          <Select
            label={t('filters.sort')}
            w={{ base: '100%', xs: 190 }}
            allowDeselect={false}
            value={sort}
            onChange={(value) => {
              if (value) onSort(value as Sort);
            }}
            data={sorts.map((value) => ({ value, label: t(`sort.${value}`) }))}
          />
          {filtered ? (
            <Button
              variant="subtle"
              onClick={() => {
                search.clear();
                onReset();
              }}
            >
              {t('filters.reset')}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text fz="sm" c="dark.6" aria-live="polite">
            {note}
          </Text>
          <ExportButtons
            onExport={onExport}
            labels={{ csv: t('export.csv'), xlsx: t('export.excel') }}
            done={(name) => t('export.done', { name })}
            failed={t('export.failed')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
