import { Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  operatorListQuerySchema,
  OPERATOR_SORTS,
  QUEUE_WAIT_WARNING_MINUTES,
} from '@portal/contract/operator-workbench';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import { QueueFilters } from '@/components/ui/queue-filters';
import { exportOperatorTransactions } from '@/features/operator-transactions/api/get-operator-transactions';
import type { PendingAction } from '@/features/operator-transactions/components/action-dialog';
import { TransactionQueue } from '@/features/operator-transactions/components/transaction-queue';
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
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('sections.all')}
      </Title>
      <QueueFilters
        ns="operatorTransactions"
        label={t('sections.all')}
        search={search}
        from={from}
        to={to}
        onRange={view.change}
        sort={sort}
        sorts={OPERATOR_SORTS}
        onSort={(chosen) => view.change({ sort: chosen })}
        filtered={Boolean(type || status || q || from || to)}
        onReset={view.reset}
        note={t('waitHint', { minutes: QUEUE_WAIT_WARNING_MINUTES })}
        onExport={(format) =>
          exportOperatorTransactions(format, { type, status, q, from, to }, i18n.language)
        }
      >
        <Select
          label={t('filters.type')}
          w={{ base: '100%', xs: 140 }}
          allowDeselect={false}
          value={type ?? ''}
          onChange={(value) => view.change({ type: (value || undefined) as TransactionType })}
          data={[any, ...TRANSACTION_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))]}
        />
        <Select
          label={t('filters.status')}
          w={{ base: '100%', xs: 150 }}
          allowDeselect={false}
          value={status ?? ''}
          onChange={(value) => view.change({ status: (value || undefined) as TransactionStatus })}
          data={[
            any,
            ...TRANSACTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
        />
      </QueueFilters>
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
