import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_FIGURES,
  type AccountDayRow,
  type DepositFigures,
} from '@portal/contract/reconciliation';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { FigureCell } from '@/features/reconciliation/components/figure-cell';

/** A row of the table: a day's account, or the total of every row (`total`). */
type Line = { key: string; row: AccountDayRow | null; figures: DepositFigures };

/**
 * Deposits per receiving account and Korea day, what became of them, and their total: a table on
 * a desktop (whole at 1280 px, scrolling sideways when narrower), cards on a phone.
 */
export function AccountTable({
  rows,
  totals,
}: {
  rows: readonly AccountDayRow[];
  totals: DepositFigures;
}) {
  const { t } = useTranslation('reconciliation');
  const lines: Line[] = [
    ...rows.map((row) => ({
      key: `${row.day}|${row.account.accountNumber ?? ''}`,
      row,
      figures: row.figures,
    })),
    { key: 'total', row: null, figures: totals },
  ];
  const account = (row: AccountDayRow) => (
    <Stack gap={0}>
      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.account.agency?.name ??
          (row.account.accountNumber ? t('noAgency') : t('columns.notReported'))}
      </Text>
      {row.account.accountNumber ? (
        <Text fz="xs" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
          {[row.account.bankName, row.account.accountNumber, row.account.accountHolder]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <ResponsiveList
      items={lines}
      label={t('accounts.tableLabel')}
      itemKey={(line) => line.key}
      minWidth={880}
      focusableScroll
      dense
      rowProps={(line) =>
        line.row ? {} : { style: { background: 'var(--mantine-color-gray-0)' } }
      }
      columns={[
        {
          // The day and the account share a column so the six figures fit beside them at 1280 px.
          header: `${t('columns.day')} · ${t('columns.accountNumber')}`,
          cell: (line) =>
            line.row ? (
              <Stack gap={2}>
                <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
                  {line.row.day}
                </Text>
                {account(line.row)}
              </Stack>
            ) : (
              <Text fz="sm" fw={700}>
                {t('columns.total')}
              </Text>
            ),
        },
        ...DEPOSIT_FIGURES.map((figure) => ({
          header: t(`figures.${figure}`),
          align: 'right' as const,
          cell: (line: Line) => (
            <FigureCell figure={line.figures[figure]} strong={!line.row || figure === 'received'} />
          ),
        })),
      ]}
      card={(line) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {line.row ? account(line.row) : <Text fw={700}>{t('columns.total')}</Text>}
            <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
              {line.row?.day}
            </Text>
          </Group>
          <Stack gap={4}>
            {DEPOSIT_FIGURES.map((figure) => (
              <Group key={figure} justify="space-between" wrap="nowrap" gap={4}>
                <Text fz="xs" c="dark.6">
                  {t(`figures.${figure}`)}
                </Text>
                <FigureCell figure={line.figures[figure]} strong={figure === 'received'} />
              </Group>
            ))}
          </Stack>
        </>
      )}
    />
  );
}
