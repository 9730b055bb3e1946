import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUEUE_WAIT_WARNING_MINUTES } from '@portal/contract/operator-workbench';
import { DEPOSIT_SORTS, type DepositSort, type DepositStatus } from '@portal/contract/transactions';
import { CalendarSettings } from '@/components/ui/calendar-settings';
import { ExportButtons } from '@/components/ui/export-buttons';
import type { ListSearch } from '@/lib/use-list-state';
import { exportDeposits } from '@/features/operator-deposits/api/get-deposits';

export interface DepositView {
  status: DepositStatus;
  q?: string;
  from?: string;
  to?: string;
  sort: DepositSort;
}

/**
 * The deposit queue's search, Korea days, order and export (docs/decisions/021), over the tab's
 * status; the export is exactly the filtered deposits of that status, every page.
 */
export function DepositFilters({
  view,
  search,
  onChange,
  onReset,
}: {
  view: DepositView;
  search: ListSearch;
  onChange: (patch: Partial<Omit<DepositView, 'status'>>) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation('depositsAdmin');
  const { status, q, from, to, sort } = view;
  const filtered = Boolean(q || from || to || sort !== 'newest');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="md"
      component="section"
      aria-label={t('filters.search')}
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.value}
            onChange={search.onChange}
            onKeyDown={search.onKeyDown}
            type="search"
            maxLength={100}
            w={{ base: '100%', sm: 300 }}
          />
          <CalendarSettings>
            <DatePickerInput
              label={t('filters.from')}
              value={from ?? null}
              onChange={(value) => onChange({ from: value ?? undefined })}
              maxDate={to}
              clearable
              valueFormat="YYYY-MM-DD"
              w={{ base: '100%', xs: 160 }}
            />
            <DatePickerInput
              label={t('filters.to')}
              value={to ?? null}
              onChange={(value) => onChange({ to: value ?? undefined })}
              minDate={from}
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
            onChange={(value) => onChange({ sort: (value ?? 'newest') as DepositSort })}
            data={DEPOSIT_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
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
          <Text fz="sm" c="dark.6">
            {status === 'review' ? t('waitHint', { minutes: QUEUE_WAIT_WARNING_MINUTES }) : null}
          </Text>
          <ExportButtons
            onExport={(format) => exportDeposits(format, { status, q, from, to }, i18n.language)}
            labels={{ csv: t('export.csv'), xlsx: t('export.excel') }}
            done={(name) => t('export.done', { name })}
            failed={t('export.failed')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
