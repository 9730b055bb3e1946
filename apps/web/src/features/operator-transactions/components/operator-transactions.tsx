import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ActionDialog,
  type PendingAction,
} from '@/features/operator-transactions/components/action-dialog';
import { FailedCredits } from '@/features/operator-transactions/components/failed-credits';
import { AllTransactions } from '@/features/operator-transactions/components/all-transactions';
import { QueueTab, type QueueSection } from '@/features/operator-transactions/components/queue-tab';
import { useListState } from '@/lib/use-list-state';

const QUEUES = ['payouts', 'buys', 'all'] as const;
type Queue = (typeof QUEUES)[number];

const isQueue = (value: string | null): value is Queue =>
  (QUEUES as readonly (string | null)[]).includes(value);

/** The queue shown, in the address: ?queue=buys (sells to pay out first). */
const queueState = z.object({ queue: z.enum(QUEUES).default('payouts') });

/** Payout in progress first: money already on its way to the payee. */
const PAYOUT_SECTIONS: readonly QueueSection[] = [
  { name: 'payoutsPending', type: 'sell', status: 'Pending' },
  { name: 'payoutsRequested', type: 'sell', status: 'Requested' },
];
const BUY_SECTIONS: readonly QueueSection[] = [
  { name: 'buysPending', type: 'buy', status: 'Pending' },
];

/**
 * The operator's transaction queues: sells to pay out (new requests to start, payouts in progress
 * to complete), buys whose deposit needs a decision, and every transaction. Each tab has its
 * search, Korea days, order and export. The chosen queue, each queue's page and the filters are
 * in the address, so a reload or a shared link keeps them.
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
          <QueueTab tab="payouts" sections={PAYOUT_SECTIONS} onAction={setPending} />
        </Tabs.Panel>
        <Tabs.Panel value="buys">
          <QueueTab tab="buys" sections={BUY_SECTIONS} onAction={setPending}>
            <FailedCredits onAction={setPending} />
          </QueueTab>
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <AllTransactions onAction={setPending} />
        </Tabs.Panel>
      </Tabs>
      <ActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
