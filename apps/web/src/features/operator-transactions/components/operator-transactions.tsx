import { useState } from 'react';
import { Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
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

const QUEUES = ['payouts', 'buys', 'all'] as const;
type Queue = (typeof QUEUES)[number];

const isQueue = (value: string | null): value is Queue =>
  (QUEUES as readonly (string | null)[]).includes(value);

/**
 * The operator's transaction queues: sells to pay out (new requests to start, payouts in progress
 * to complete), buys whose deposit needs a decision, and every transaction with filters. The
 * chosen queue is in the address (`?queue=`), so a reload or a shared link keeps it.
 */
export function OperatorTransactions() {
  const { t } = useTranslation('operatorTransactions');
  const [params, setParams] = useSearchParams();
  const raw = params.get('queue');
  const queue: Queue = isQueue(raw) ? raw : 'payouts';
  const [pending, setPending] = useState<PendingAction | null>(null);

  const choose = (value: string | null) => {
    if (!isQueue(value)) return;
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('queue', value);
      return next;
    });
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
        onAction={onAction}
      />
    </Stack>
  );
}

function AllTransactions({ onAction }: { onAction: (pending: PendingAction) => void }) {
  const { t } = useTranslation('operatorTransactions');
  const [type, setType] = useState<TransactionType | null>(null);
  const [status, setStatus] = useState<TransactionStatus | null>(null);
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
          onChange={(value) => setType((value || null) as TransactionType | null)}
          data={[any, ...TRANSACTION_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))]}
        />
        <Select
          label={t('filters.status')}
          w={{ base: '100%', xs: 180 }}
          allowDeselect={false}
          value={status ?? ''}
          onChange={(value) => setStatus((value || null) as TransactionStatus | null)}
          data={[
            any,
            ...TRANSACTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
        />
      </Group>
      {/* A new filter starts again at page 1. */}
      <TransactionQueue
        key={`${type ?? ''}-${status ?? ''}`}
        label={t('tableLabel', { section: t('sections.all') })}
        empty={t('empty.all')}
        type={type ?? undefined}
        status={status ?? undefined}
        onAction={onAction}
      />
    </Stack>
  );
}
