import { useState } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  transactionListQuerySchema,
  type TransactionStatus,
  type TransactionType,
} from '@portal/contract/transactions';
import {
  ActionDialog,
  type PendingAction,
} from '@/features/operator-transactions/components/action-dialog';
import { FailedCredits } from '@/features/operator-transactions/components/failed-credits';
import { AllTransactions } from '@/features/operator-transactions/components/all-transactions';
import { TransactionQueue } from '@/features/operator-transactions/components/transaction-queue';
import { useListState } from '@/lib/use-list-state';

const QUEUES = ['payouts', 'buys', 'all'] as const;
type Queue = (typeof QUEUES)[number];

const isQueue = (value: string | null): value is Queue =>
  (QUEUES as readonly (string | null)[]).includes(value);

/** The queue shown, in the address: ?queue=buys (sells to pay out first). */
const queueState = z.object({ queue: z.enum(QUEUES).default('payouts') });

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
