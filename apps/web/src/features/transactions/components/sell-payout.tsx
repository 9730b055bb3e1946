import { Alert, Paper, SimpleGrid, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { koreanBankName } from '@portal/contract/korean-banks';
import type { TransactionDetail } from '@portal/contract/transactions';
import { Figure } from '@/components/transactions/figure';

const OPERATOR_CANCELS = ['operator_cancel_request', 'operator_cancel_buy', 'operator_cancel_sell'];

/** The operator's reason, when the operator cancelled the request: the user sees why first. */
export function OperatorCancelNotice({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation('transactions');
  if (detail.status !== 'Cancelled') return null;
  const cancelled = detail.events.findLast(
    (event) => event.to === 'Cancelled' && OPERATOR_CANCELS.includes(event.move),
  );
  if (!cancelled) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconBan aria-hidden />}
      title={t('detail.cancelledTitle')}
      role="alert"
    >
      {t('detail.operatorCancelled', { reason: cancelled.reason ?? '' })}
    </Alert>
  );
}

/**
 * A sell's payout: the merchant's refusal of the debit, when it refused (nobody may pay the sale
 * out then), and the bank account the won is paid to, as the sell kept it (docs/decisions/010).
 */
export function SellPayout({ detail }: { detail: TransactionDetail }) {
  const { t, i18n } = useTranslation('transactions');
  if (detail.type !== 'sell') return null;
  const failure = detail.status === 'Requested' ? detail.debit?.failure : null;
  return (
    <>
      {failure ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('debit.refusedTitle')}
          role="alert"
        >
          {t(`debit.refused.${failure}`)}
        </Alert>
      ) : null}
      {detail.payee ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
          <Title order={2} fz="lg" mb="md">
            {t('payee.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg" verticalSpacing="md">
            <Figure label={t('payee.bank')}>
              {koreanBankName(detail.payee.bankCode, i18n.language) ?? detail.payee.bankCode}
            </Figure>
            <Figure label={t('payee.accountNumber')}>{detail.payee.accountNumber}</Figure>
            <Figure label={t('payee.holder')}>{detail.payee.holderName}</Figure>
          </SimpleGrid>
        </Paper>
      ) : null}
    </>
  );
}
