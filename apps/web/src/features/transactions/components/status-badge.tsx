import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransactionStatus } from '@portal/contract/transactions';

const colors: Record<TransactionStatus, string> = {
  Requested: 'blue',
  Pending: 'orange',
  Completed: 'teal',
  Cancelled: 'gray',
};

/** A transaction's status in the spec's words (요청됨, 처리 중, 완료, 취소됨 in Korean). */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('transactions');
  return (
    <Badge color={colors[status]} variant="light" size="md" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
