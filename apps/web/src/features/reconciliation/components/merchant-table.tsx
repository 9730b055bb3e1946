import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  MERCHANT_FIGURES,
  type Figure,
  type MerchantDayRow,
  type MerchantFigure,
  type Movement,
} from '@portal/contract/reconciliation';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatAsset } from '@/lib/format';
import { FigureCell } from '@/features/reconciliation/components/figure-cell';

type Totals = Record<MerchantFigure, Figure>;
/** A day's merchant, or the total (won only: the merchants' assets do not add up). */
type Line = { key: string; row: MerchantDayRow | null; totals: Totals | null };

/** What each merchant credited, debited and took back per Korea day, and the won total. */
export function MerchantTable({
  rows,
  totals,
}: {
  rows: readonly MerchantDayRow[];
  totals: Totals;
}) {
  const { t } = useTranslation(['reconciliation', 'transactions']);
  const lines: Line[] = [
    ...rows.map((row) => ({ key: `${row.day}|${row.merchant.id}`, row, totals: null })),
    { key: 'total', row: null, totals },
  ];
  const movement = (line: Line, figure: MerchantFigure) => {
    if (!line.row) return <FigureCell figure={line.totals![figure]} strong transfers />;
    const moved: Movement = line.row[figure];
    return (
      <Stack gap={0} align="flex-end">
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatAsset(t, moved.amount, line.row.merchant.asset)}
        </Text>
        <FigureCell figure={{ count: moved.count, krw: moved.krw }} transfers />
      </Stack>
    );
  };
  return (
    <ResponsiveList
      items={lines}
      label={t('merchants.tableLabel')}
      itemKey={(line) => line.key}
      minWidth={760}
      focusableScroll
      dense
      rowProps={(line) =>
        line.row ? {} : { style: { background: 'var(--mantine-color-gray-0)' } }
      }
      columns={[
        {
          header: t('columns.day'),
          cell: (line) => (
            <Text fz="sm" fw={line.row ? undefined : 700} style={{ whiteSpace: 'nowrap' }}>
              {line.row ? line.row.day : t('columns.total')}
            </Text>
          ),
        },
        {
          header: t('columns.merchant'),
          cell: (line) =>
            line.row ? (
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.row.merchant.name}
              </Text>
            ) : null,
        },
        ...MERCHANT_FIGURES.map((figure) => ({
          header: t(`figures.${figure}`),
          align: 'right' as const,
          cell: (line: Line) => movement(line, figure),
        })),
      ]}
      card={(line) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {line.row ? line.row.merchant.name : t('columns.total')}
            </Text>
            <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
              {line.row?.day}
            </Text>
          </Group>
          {MERCHANT_FIGURES.map((figure) => (
            <Group key={figure} justify="space-between" wrap="nowrap" align="flex-start">
              <Text fz="sm" c="dark.6">
                {t(`figures.${figure}`)}
              </Text>
              {movement(line, figure)}
            </Group>
          ))}
        </>
      )}
    />
  );
}
