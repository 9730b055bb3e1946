import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransactionStatus } from '@portal/contract/transactions';

const colors: Record<TransactionStatus, string> = {
  Requested: 'blue',
  Pending: 'orange',
  Completed: 'teal',
  Cancelled: 'gray',
};

/**
 * A transaction's status in the product's words (요청됨, 처리 중, 완료, 취소됨 in Korean). The theme
 * darkens the light variant's text for contrast.
 */
export function StatusBadge({
  status,
  size = 'md',
}: {
  status: TransactionStatus;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('transactions');
  return (
    <Badge color={colors[status]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
