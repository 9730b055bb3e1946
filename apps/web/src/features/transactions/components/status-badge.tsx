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
 * A transaction's status in the spec's words (요청됨, 처리 중, 완료, 취소됨 in Korean). The text
 * takes the colour's darkest shade: the light variant's own text colour is too pale on its tint
 * for WCAG AA contrast (axe flagged orange and gray).
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
    <Badge
      color={colors[status]}
      c={`${colors[status]}.9`}
      variant="light"
      size={size}
      style={{ flexShrink: 0 }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
