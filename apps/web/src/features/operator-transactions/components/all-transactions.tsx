import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  operatorListQuerySchema,
  OPERATOR_SORTS,
  QUEUE_WAIT_WARNING_MINUTES,
  type OperatorSort,
} from '@portal/contract/operator-workbench';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import { CalendarSettings } from '@/components/ui/calendar-settings';
import { exportOperatorTransactions } from '@/features/operator-transactions/api/get-operator-transactions';
import type { PendingAction } from '@/features/operator-transactions/components/action-dialog';
import { TransactionQueue } from '@/features/operator-transactions/components/transaction-queue';
import { ExportButtons } from '@/components/ui/export-buttons';
import { useListSearch, useListState } from '@/lib/use-list-state';

/**
 * The "All" list in the address: ?queue=all&q=김&from=2026-11-01&sort=amount_desc&page=2.
 * Newest first here (a search looks for what just happened); the queues stay oldest first.
 */
const allListState = operatorListQuerySchema
  .pick({ type: true, status: true, q: true, from: true, to: true, page: true })
  .extend({ sort: operatorListQuerySchema.shape.sort.unwrap().default('newest') });

/**
 * Every transaction: search by number, user, depositor or won amount, Korea days from and to,
 * type, status and order, and an export of exactly the filtered rows (docs/decisions/021).
 */
export function AllTransactions({ onAction }: { onAction: (pending: PendingAction) => void }) {
  const { t, i18n } = useTranslation(['operatorTransactions', 'errors']);
  const view = useListState(allListState);
  const search = useListSearch(view);
  const { type, page, q, from, to, sort } = view.query;
  // The filter chooses one status; an address naming several (made by hand) counts as any.
  const status = Array.isArray(view.query.status) ? undefined : view.query.status;
  const any = { value: '', label: t('filters.any') };
  const filtered = Boolean(type || status || q || from || to);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('sections.all')}
      </Title>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('sections.all')}>
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
                onChange={(value) => view.change({ from: value ?? undefined })}
                maxDate={to}
                clearable
                valueFormat="YYYY-MM-DD"
                w={{ base: '100%', xs: 160 }}
              />
              <DatePickerInput
                label={t('filters.to')}
                value={to ?? null}
                onChange={(value) => view.change({ to: value ?? undefined })}
                minDate={from}
                clearable
                valueFormat="YYYY-MM-DD"
                w={{ base: '100%', xs: 160 }}
              />
            </CalendarSettings>
            <Select
              label={t('filters.type')}
              w={{ base: '100%', xs: 140 }}
              allowDeselect={false}
              value={type ?? ''}
              onChange={(value) => view.change({ type: (value || undefined) as TransactionType })}
              data={[
                any,
                ...TRANSACTION_TYPES.map((value) => ({ value, label: t(`type.${value}`) })),
              ]}
            />
            <Select
              label={t('filters.status')}
              w={{ base: '100%', xs: 150 }}
              allowDeselect={false}
              value={status ?? ''}
              onChange={(value) =>
                view.change({ status: (value || undefined) as TransactionStatus })
              }
              data={[
                any,
                ...TRANSACTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
              ]}
            />
            <Select
              label={t('filters.sort')}
              w={{ base: '100%', xs: 190 }}
              allowDeselect={false}
              value={sort}
              onChange={(value) => view.change({ sort: (value ?? 'newest') as OperatorSort })}
              data={OPERATOR_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
            />
            {filtered ? (
              <Button
                variant="subtle"
                onClick={() => {
                  search.clear();
                  view.reset();
                }}
              >
                {t('filters.reset')}
              </Button>
            ) : null}
          </Group>
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text fz="sm" c="dark.6">
              {t('waitHint', { minutes: QUEUE_WAIT_WARNING_MINUTES })}
            </Text>
            <ExportButtons
              onExport={(format) =>
                exportOperatorTransactions(format, { type, status, q, from, to }, i18n.language)
              }
              labels={{ csv: t('export.csv'), xlsx: t('export.excel') }}
              done={(name) => t('export.done', { name })}
              failed={t('export.failed')}
            />
          </Group>
        </Stack>
      </Paper>
      <TransactionQueue
        label={t('tableLabel', { section: t('sections.all') })}
        empty={t('empty.all')}
        type={type}
        status={status}
        filters={{ q, from, to, sort }}
        page={page}
        onPage={(next) => view.change({ page: next })}
        onAction={onAction}
      />
    </Stack>
  );
}
