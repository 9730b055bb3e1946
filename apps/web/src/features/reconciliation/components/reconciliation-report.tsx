import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { koreaDay } from '@portal/contract/korea-time';
import { reconciliationQuerySchema } from '@portal/contract/reconciliation';
import { ListState } from '@/components/ui/list-state';
import { ExportButtons } from '@/components/ui/export-buttons';
import { useListState } from '@/lib/use-list-state';
import {
  downloadReconciliation,
  useReconciliation,
  type ReconciliationPart,
  type ReconciliationRange,
} from '@/features/reconciliation/api/get-reconciliation';
import { AccountTable } from '@/features/reconciliation/components/account-table';
import { MerchantTable } from '@/features/reconciliation/components/merchant-table';
import { RangeForm } from '@/features/reconciliation/components/range-form';

/** The days in the address (?from=&to=), read by the API's own schema; both optional there. */
const rangeListState = reconciliationQuerySchema.partial();

/** This month so far, in Korea: what an operator reconciles most often. */
function thisMonth(): ReconciliationRange {
  const today = koreaDay();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The operator's reconciliation (docs/decisions/018): choose Korea days, read per receiving
 * account what came in and what became of it, and per merchant what it credited and debited;
 * each table downloads as CSV or Excel in the reader's language.
 */
export function ReconciliationReport() {
  const { t, i18n } = useTranslation(['reconciliation', 'errors']);
  const view = useListState(rangeListState);
  const fallback = thisMonth();
  const range: ReconciliationRange = {
    from: view.query.from ?? fallback.from,
    to: view.query.to ?? fallback.to,
  };
  const report = useReconciliation(range);

  const section = (part: ReconciliationPart, empty: boolean, table: ReactNode) => (
    <Stack gap="xs" component="section" aria-labelledby={`reconciliation-${part}`}>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h4" id={`reconciliation-${part}`}>
          {t(`${part}.heading`)}
        </Title>
        <ExportButtons
          size="xs"
          disabled={!report.data}
          onExport={(format) => downloadReconciliation(format, part, range, i18n.language)}
          labels={{ csv: t('export.csv'), xlsx: t('export.xlsx') }}
          failed={t('export.failed')}
          ariaLabel={(format) => `${t(`${part}.heading`)}: ${t(`export.${format}`)}`}
        />
      </Group>
      {part === 'accounts' ? (
        <Text fz="xs" c="dark.6">
          {t('identity')}
        </Text>
      ) : null}
      <Paper withBorder radius="md">
        <ListState
          query={report}
          isEmpty={empty}
          empty={{ icon: IconBuildingBank, title: t(`${part}.empty`) }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          {table}
        </ListState>
      </Paper>
    </Stack>
  );

  return (
    <Stack gap="lg">
      <RangeForm range={range} onApply={(wanted) => view.change(wanted)} />
      {section(
        'accounts',
        (report.data?.accounts.length ?? 0) === 0,
        report.data ? (
          <AccountTable rows={report.data.accounts} totals={report.data.totals.accounts} />
        ) : null,
      )}
      {section(
        'merchants',
        (report.data?.merchants.length ?? 0) === 0,
        report.data ? (
          <MerchantTable rows={report.data.merchants} totals={report.data.totals.merchants} />
        ) : null,
      )}
    </Stack>
  );
}
