import { groupDigits } from '@portal/contract/decimal';
import { RATE_DEVIATION_CONFIRM_PERCENT, rateChangePercent } from '@portal/contract/rates';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface RateChange {
  asset: string;
  buy: { from: string; to: string };
  sell: { from: string; to: string };
}

/** "+9,900.00%", "-0.54%": a change's direction is part of what the operator checks. */
function percent(from: string, to: string): string {
  const value = rateChangePercent(from, to);
  return `${value.startsWith('-') ? '' : '+'}${groupDigits(value)}%`;
}

/**
 * Asks before a change of either rate beyond RATE_DEVIATION_CONFIRM_PERCENT is saved, showing
 * old -> new of both rates and by how much each moves (docs/decisions/023): a typed 139,250 for
 * 1,392.50 reads as +9,900% here, before users are quoted it.
 */
export function RateChangeConfirm({
  change,
  loading,
  onConfirm,
  onClose,
}: {
  change: RateChange | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ratesAdmin');
  const rows = change
    ? [
        { label: t('columns.buy'), ...change.buy },
        { label: t('columns.sell'), ...change.sell },
      ]
    : [];
  return (
    <ConfirmDialog
      opened={change !== null}
      title={t('confirm.title', { asset: change?.asset ?? '' })}
      message={t('confirm.message', { percent: RATE_DEVIATION_CONFIRM_PERCENT })}
      confirmLabel={t('confirm.submit')}
      dismissLabel={t('confirm.back')}
      confirmColor="red.9"
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Table mt="md" verticalSpacing="xs" aria-label={t('confirm.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.rate')}</Table.Th>
            <Table.Th>{t('columns.change')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t('fromTo', { from: groupDigits(row.from), to: groupDigits(row.to) })}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontWeight: 600 }}>
                {percent(row.from, row.to)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ConfirmDialog>
  );
}
