import { groupDigits } from '@portal/contract/decimal';
import { Alert, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransactionDetail } from '@portal/contract/transactions';
import { formatKoreaDate } from '@/lib/format';

/**
 * What became of the won paid for a buy when it did not simply pay it (docs/decisions/010): a
 * deposit being returned, or returned on a day; and a buy completed at the deposited amount
 * instead of the one asked for.
 */
export function DepositOutcome({ detail }: { detail: TransactionDetail }) {
  const { t, i18n } = useTranslation('transactions');
  const language = i18n.language;
  return (
    <>
      {detail.refunds.length > 0 ? (
        <Alert
          color="grape"
          variant="light"
          icon={<IconArrowBackUp aria-hidden />}
          title={
            detail.refunds.every((refund) => refund.status === 'refunded')
              ? t('refunds.returnedTitle')
              : t('refunds.title')
          }
          role="status"
        >
          <Stack gap={4}>
            {detail.refunds.map((refund, index) => (
              <Text key={index} fz="sm">
                {refund.status === 'refunded'
                  ? t('refunds.refunded', {
                      amount: groupDigits(refund.amountKrw),
                      date: formatKoreaDate(refund.refundedAt, language),
                    })
                  : t('refunds.due', { amount: groupDigits(refund.amountKrw) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {detail.requested ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          {t('requestedDiffers', {
            amount: groupDigits(detail.requested.amount),
            asset: detail.merchant.asset,
            total: groupDigits(detail.requested.totalKrw),
          })}
        </Alert>
      ) : null}
    </>
  );
}
