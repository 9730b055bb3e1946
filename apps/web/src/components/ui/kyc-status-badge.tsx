import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@portal/contract/kyc';

const colors: Record<KycStatus, string> = {
  not_submitted: 'gray',
  submitted: 'blue',
  approved: 'teal',
  rejected: 'red',
};

export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <Badge
      color={colors[status]}
      variant={status === 'not_submitted' ? 'outline' : 'light'}
      radius="sm"
      size="lg"
      tt="none"
      style={{ flexShrink: 0, maxWidth: '100%' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
