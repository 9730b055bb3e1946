import { useMemo, type ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  operatorListQuerySchema,
  OPERATOR_SORTS,
  QUEUE_WAIT_WARNING_MINUTES,
  type OperatorSort,
} from '@portal/contract/operator-workbench';
import {
  transactionListQuerySchema,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import { QueueFilters } from '@/components/ui/queue-filters';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { exportOperatorTransactions } from '@/features/operator-transactions/api/get-operator-transactions';
import type { PendingAction } from '@/features/operator-transactions/components/action-dialog';
import { TransactionQueue } from '@/features/operator-transactions/components/transaction-queue';

export type QueueSectionName = 'payoutsPending' | 'payoutsRequested' | 'buysPending';

export interface QueueSection {
  name: QueueSectionName;
  type: TransactionType;
  status: TransactionStatus;
}

/**
 * A fixed queue tab's search, Korea days and order, in the address under the tab's name
 * (?queue=payouts&payouts.q=김&payouts.sort=amount_desc); oldest first unless chosen, since a
 * queue is worked from the request that has waited longest.
 */
const queueTabState = operatorListQuerySchema.pick({ q: true, from: true, to: true, sort: true });

/** Each section keeps its own page: ?queue=payouts&payoutsRequested.page=2 */
const sectionPageState = transactionListQuerySchema.pick({ page: true });

/**
 * A tab of fixed queues (sells to pay out, buys to resolve): one search, Korea days and order
 * over all its sections, and an export of exactly what they show, filtered, every page
 * (docs/decisions/021). A change of the filters takes every section back to its first page.
 */
export function QueueTab({
  tab,
  sections,
  onAction,
  children,
}: {
  tab: 'payouts' | 'buys';
  sections: readonly QueueSection[];
  onAction: (pending: PendingAction) => void;
  /** What the tab shows below its sections, outside the filters (the failed credits). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('operatorTransactions');
  const pagesOf = useMemo(() => sections.map((section) => section.name), [sections]);
  const view = useListState(queueTabState, { prefix: tab, pagesOf });
  const search = useListSearch(view);
  const { q, from, to, sort } = view.query;
  const filtered = Boolean(q || from || to || sort !== 'oldest');
  const type = sections[0]!.type;
  return (
    <Stack gap="xl">
      <QueueFilters
        ns="operatorTransactions"
        label={t('filters.label', { queue: t(`tabs.${tab}`) })}
        search={search}
        from={from}
        to={to}
        onRange={view.change}
        sort={sort}
        sorts={OPERATOR_SORTS}
        onSort={(chosen: OperatorSort) => view.change({ sort: chosen })}
        filtered={filtered}
        onReset={view.reset}
        note={t('waitHint', { minutes: QUEUE_WAIT_WARNING_MINUTES })}
        onExport={(format) =>
          exportOperatorTransactions(
            format,
            { type, status: sections.map((section) => section.status), q, from, to },
            i18n.language,
          )
        }
      />
      {sections.map((section) => (
        <Section
          key={section.name}
          section={section}
          filters={{ q, from, to, sort }}
          filtered={filtered}
          onAction={onAction}
        />
      ))}
      {children}
    </Stack>
  );
}

function Section({
  section: { name, type, status },
  filters,
  filtered,
  onAction,
}: {
  section: QueueSection;
  filters: { q?: string; from?: string; to?: string; sort: OperatorSort };
  filtered: boolean;
  onAction: (pending: PendingAction) => void;
}) {
  const { t } = useTranslation('operatorTransactions');
  const view = useListState(sectionPageState, { prefix: name });
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3">
        {t(`sections.${name}`)}
      </Title>
      <Text fz="sm" c="dark.6" maw={720}>
        {t(`hints.${name}`)}
      </Text>
      <TransactionQueue
        label={t('tableLabel', { section: t(`sections.${name}`) })}
        empty={filtered ? t('empty.all') : t(`empty.${name}`)}
        type={type}
        status={status}
        filters={filters}
        page={view.query.page}
        onPage={(page) => view.change({ page })}
        onAction={onAction}
      />
    </Stack>
  );
}
