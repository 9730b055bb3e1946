import { useState } from 'react';
import { Button, Group, Tabs } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEPOSIT_STATUSES, type Deposit, type DepositStatus } from '@portal/contract/transactions';
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

const isStatus = (value: string | null): value is DepositStatus =>
  (DEPOSIT_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The operator's deposits: those waiting for review with the reason and those to be returned,
 * each opened to match it to a buy, refund it or write it off; record one by hand or import a
 * bank statement. The chosen status is in the address (`?status=`).
 */
export function DepositsAdmin() {
  const { t } = useTranslation('depositsAdmin');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: DepositStatus = isStatus(raw) ? raw : 'review';
  const [deciding, setDeciding] = useState<Deposit | null>(null);
  const [recording, setRecording] = useState(false);
  const [importing, setImporting] = useState(false);

  const choose = (value: string | null) => {
    if (!isStatus(value)) return;
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('status', value);
      return next;
    });
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
            <DepositList status={value} onDecide={setDeciding} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <DecisionDialog deposit={deciding} onClose={() => setDeciding(null)} />
      <ManualDepositDialog opened={recording} onClose={() => setRecording(false)} />
      <StatementImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
