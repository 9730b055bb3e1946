import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Figure } from '@portal/contract/reconciliation';
import { formatKrw } from '@/lib/format';

/**
 * Won, and how many made them, one under the other: deposits on an account, a merchant's
 * transfers (`transfers`).
 */
export function FigureCell({
  figure,
  strong,
  transfers,
}: {
  figure: Figure;
  strong?: boolean;
  transfers?: boolean;
}) {
  const { t } = useTranslation(['reconciliation', 'transactions']);
  return (
    <Stack gap={0} align="flex-end">
      <Text fz="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatKrw(t, figure.krw)}
      </Text>
      <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
        {t(transfers ? 'transfers' : 'countOf', { count: figure.count })}
      </Text>
    </Stack>
  );
}
