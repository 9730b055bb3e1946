import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_KINDS,
  APPROVAL_SORTS,
  approvalSortOf,
  type ApprovalKind,
  type ApprovalSort,
} from '@portal/contract/approvals';
import { CalendarSettings } from '@/components/ui/calendar-settings';
import { ExportButtons } from '@/components/ui/export-buttons';
import type { ListSearch } from '@/lib/use-list-state';
import { exportApprovals, type ApprovalSearch } from '@/features/approvals/api/approvals';

/**
 * The approvals queue's kind, search, Korea days, order and export (docs/decisions/021), over
 * the tab's view; the export is exactly the filtered approvals of that view, every page.
 */
export function ApprovalFilters({
  view,
  search,
  total,
  onChange,
  onReset,
}: {
  view: ApprovalSearch;
  search: ListSearch;
  /** How many match, once known. */
  total: number | undefined;
  onChange: (patch: Partial<Omit<ApprovalSearch, 'view'>>) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation(['approvals', 'common']);
  const { view: tab, kind, q, from, to, sort } = view;
  const filtered = Boolean(kind || q || from || to || sort);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('filters.label')}>
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
          <Select
            label={t('filters.kind')}
            w={{ base: '100%', xs: 220 }}
            allowDeselect={false}
            value={kind ?? ''}
            onChange={(value) => onChange({ kind: (value || undefined) as ApprovalKind })}
            data={[
              { value: '', label: t('filters.any') },
              ...APPROVAL_KINDS.map((value) => ({
                value,
                label: t(`common:approvals.kinds.${value}`),
              })),
            ]}
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
            w={{ base: '100%', xs: 170 }}
            allowDeselect={false}
            value={approvalSortOf(tab, sort)}
            // The view's own order is no choice worth keeping in the address.
            onChange={(value) => {
              const chosen = (value ?? undefined) as ApprovalSort | undefined;
              onChange({ sort: chosen === approvalSortOf(tab) ? undefined : chosen });
            }}
            data={APPROVAL_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
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
            {total !== undefined ? t('count', { count: total }) : null}
          </Text>
          <ExportButtons
            onExport={(format) => exportApprovals(format, view, i18n.language)}
            labels={{ csv: t('export.csv'), xlsx: t('export.excel') }}
            done={(name) => t('export.done', { name })}
            failed={t('export.failed')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
