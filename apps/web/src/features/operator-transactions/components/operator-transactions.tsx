import { useState } from 'react';
import { Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  transactionListQuerySchema,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import {
  ActionDialog,
  type PendingAction,
} from '@/features/operator-transactions/components/action-dialog';
import { FailedCredits } from '@/features/operator-transactions/components/failed-credits';
import { TransactionQueue } from '@/features/operator-transactions/components/transaction-queue';
import { useListState } from '@/lib/use-list-state';

const QUEUES = ['payouts', 'buys', 'all'] as const;
type Queue = (typeof QUEUES)[number];

const isQueue = (value: string | null): value is Queue =>
  (QUEUES as readonly (string | null)[]).includes(value);

/** The queue shown, in the address: ?queue=buys (sells to pay out first). */
const queueState = z.object({ queue: z.enum(QUEUES).default('payouts') });

/** The "All" list in the address: ?queue=all&type=sell&status=Pending&page=2 */
const allListState = transactionListQuerySchema.pick({
  type: true,
  status: true,
  page: true,
});
/** Each fixed queue keeps its own page: ?queue=payouts&payoutsRequested.page=2 */
const queuePageState = transactionListQuerySchema.pick({ page: true });

/**
 * The operator's transaction queues: sells to pay out (new requests to start, payouts in progress
 * to complete), buys whose deposit needs a decision, and every transaction with filters. The
 * chosen queue, each queue's page and the filters are in the address, so a reload or a shared
 * link keeps them.
 */
export function OperatorTransactions() {
  const { t } = useTranslation('operatorTransactions');
  const screen = useListState(queueState);
  const { queue } = screen.query;
  const [pending, setPending] = useState<PendingAction | null>(null);

  const choose = (value: string | null) => {
    if (isQueue(value)) screen.change({ queue: value });
  };

  return (
    <>
      <Tabs value={queue} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')} mb="md">
          {QUEUES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="payouts">
          <Stack gap="xl">
            <Section name="payoutsPending" type="sell" status="Pending" onAction={setPending} />
            <Section name="payoutsRequested" type="sell" status="Requested" onAction={setPending} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="buys">
          <Stack gap="xl">
            <Section name="buysPending" type="buy" status="Pending" onAction={setPending} />
            <FailedCredits onAction={setPending} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <AllTransactions onAction={setPending} />
        </Tabs.Panel>
      </Tabs>
      <ActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

function Section({
  name,
  type,
  status,
  onAction,
}: {
  name: 'payoutsPending' | 'payoutsRequested' | 'buysPending';
  type: TransactionType;
  status: TransactionStatus;
  onAction: (pending: PendingAction) => void;
}) {
  const { t } = useTranslation('operatorTransactions');
  const view = useListState(queuePageState, { prefix: name });
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
        empty={t(`empty.${name}`)}
        type={type}
        status={status}
        page={view.query.page}
        onPage={(page) => view.change({ page })}
        onAction={onAction}
      />
    </Stack>
  );
}

function AllTransactions({ onAction }: { onAction: (pending: PendingAction) => void }) {
  const { t } = useTranslation('operatorTransactions');
  const view = useListState(allListState);
  const { type, page } = view.query;
  // The filter chooses one status; an address naming several (made by hand) counts as any.
  const status = Array.isArray(view.query.status) ? undefined : view.query.status;
  const any = { value: '', label: t('filters.any') };
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('sections.all')}
      </Title>
      <Group gap="sm" align="flex-end">
        <Select
          label={t('filters.type')}
          w={{ base: '100%', xs: 180 }}
          allowDeselect={false}
          value={type ?? ''}
          onChange={(value) => view.change({ type: (value || undefined) as TransactionType })}
          data={[any, ...TRANSACTION_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))]}
        />
        <Select
          label={t('filters.status')}
          w={{ base: '100%', xs: 180 }}
          allowDeselect={false}
          value={status ?? ''}
          onChange={(value) => view.change({ status: (value || undefined) as TransactionStatus })}
          data={[
            any,
            ...TRANSACTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
        />
      </Group>
      <TransactionQueue
        label={t('tableLabel', { section: t('sections.all') })}
        empty={t('empty.all')}
        type={type}
        status={status}
        page={page}
        onPage={(next) => view.change({ page: next })}
        onAction={onAction}
      />
    </Stack>
  );
}
