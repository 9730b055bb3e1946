import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupDigits } from '@portal/contract/decimal';
import type { TransactionDetail } from '@portal/contract/transactions';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/**
 * An open request with a deposit that needs a person is delayed; so is an expired one whose
 * deposit came too late (the operator settles or returns it). A finished request is not.
 */
function showsDelay(detail: TransactionDetail): boolean {
  if (!detail.delayReason) return false;
  if (detail.status === 'Requested' || detail.status === 'Pending') return true;
  return detail.status === 'Cancelled' && detail.delayReason === 'request_expired';
}

/**
 * Why a buy waits for a person, what was received (amount and time of each deposit the
 * operator is looking at), and what happens next, so the user neither worries nor deposits
 * again (docs/decisions/016).
 */
export function DelayNotice({ detail }: { detail: TransactionDetail }) {
  const { t, i18n } = useTranslation('transactions');
  if (!showsDelay(detail)) return null;
  const reason = detail.delayReason!;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconHourglass aria-hidden />}
      title={t('delay.title')}
      role="alert"
    >
      <Stack gap={6}>
        <Text fz="sm">{t(`delay.${reason}`)}</Text>
        {detail.depositsInReview.map((deposit, index) => (
          <Text key={index} fz="sm" fw={600}>
            {t('delay.received', {
              amount: groupDigits(deposit.amountKrw),
              date: formatDateTime(deposit.receivedAt, i18n.language),
            })}
          </Text>
        ))}
        <Text fz="sm">{t(`delay.next.${reason}`)}</Text>
        <Text fz="sm">
          {t('delay.questions')}{' '}
          <Anchor component={Link} to={paths.app.support} fz="sm" fw={600}>
            {t('delay.support')}
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}
