import { useState } from 'react';
import { Button, Group, Tabs } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  depositListQuerySchema,
  type Deposit,
  type DepositStatus,
} from '@portal/contract/transactions';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { DepositFilters } from '@/features/operator-deposits/components/deposit-filters';
import { DepositList } from '@/features/operator-deposits/components/deposit-list';
import { ManualDepositDialog } from '@/features/operator-deposits/components/manual-deposit';
import { DecisionDialog } from '@/features/operator-deposits/components/decision-dialog';
import { StatementImportDialog } from '@/features/operator-deposits/components/statement-import';

/** What needs the operator first: deposits to review, then won owed back (docs/decisions/010). */
const TABS = [
  'review',
  'refund_due',
  'settled',
  'refunded',
  'written_off',
] as const satisfies readonly DepositStatus[];

const isTab = (value: string | null): value is (typeof TABS)[number] =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * What the screen shows, in the address: ?status=refund_due&q=홍&from=2026-11-01&sort=oldest&page=2
 * (deposits to review first).
 */
const depositsListState = depositListQuerySchema
  .pick({ page: true, q: true, from: true, to: true, sort: true })
  .extend({ status: depositListQuerySchema.shape.status.unwrap().default('review') });

/**
 * The operator's deposits: those waiting for review with the reason and those to be returned,
 * each opened to match it to a buy, refund it or write it off; record one by hand or import a
 * bank statement. The chosen status and page are in the address (`?status=&page=`).
 */
export function DepositsAdmin() {
  const { t } = useTranslation('depositsAdmin');
  const view = useListState(depositsListState);
  const search = useListSearch(view);
  const { status, page, q, from, to, sort } = view.query;
  const [deciding, setDeciding] = useState<Deposit | null>(null);
  const [recording, setRecording] = useState(false);
  const [importing, setImporting] = useState(false);

  // A tab keeps the search, the days and the order: the same question of another status.
  const choose = (value: string | null) => {
    if (isTab(value)) view.change({ status: value });
  };

  return (
    <>
      <Group gap="sm" mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRecording(true)}>
          {t('actions.record')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={() => setImporting(true)}
        >
          {t('actions.import')}
        </Button>
      </Group>
      <DepositFilters
        view={{ status, q, from, to, sort }}
        search={search}
        onChange={(patch) => view.change(patch)}
        onReset={() =>
          view.change({ q: undefined, from: undefined, to: undefined, sort: undefined })
        }
      />
      <Tabs value={status} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')} mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <DepositList
              status={value}
              search={{ q, from, to, sort }}
              page={page}
              onPage={(next) => view.change({ page: next })}
              onDecide={setDeciding}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <DecisionDialog deposit={deciding} onClose={() => setDeciding(null)} />
      <ManualDepositDialog opened={recording} onClose={() => setRecording(false)} />
      <StatementImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
