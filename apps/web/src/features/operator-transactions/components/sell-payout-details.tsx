import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { koreanBankName } from '@portal/contract/korean-banks';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { CopyValue } from '@/components/ui/copy-value';
import { formatKoreaDateTime } from '@/lib/format';

/**
 * Where the operator pays a sell's won, as the sell kept it, each value with a copy button for
 * the banking app (docs/decisions/010).
 */
export function PayeeDetails({
  transaction,
  layout = 'stack',
}: {
  transaction: OperatorTransaction;
  /** `row`: the three side by side (under a table row); `stack`: one below the other. */
  layout?: 'row' | 'stack';
}) {
  const { t, i18n } = useTranslation('operatorTransactions');
  const { payee } = transaction;
  if (transaction.type !== 'sell') return null;
  if (!payee) {
    return (
      <Text fz="xs" c="red.9">
        {t('payee.none')}
      </Text>
    );
  }
  return (
    <SimpleGrid
      cols={layout === 'row' ? 3 : 1}
      spacing={layout === 'row' ? 'xl' : 4}
      verticalSpacing={4}
      maw={layout === 'row' ? 720 : undefined}
      aria-label={t('payee.label', { number: transaction.number })}
      role="group"
    >
      <CopyValue
        label={t('payee.bank')}
        value={koreanBankName(payee.bankCode, i18n.language) ?? payee.bankCode}
      />
      <CopyValue label={t('payee.accountNumber')} value={payee.accountNumber} mono />
      <CopyValue label={t('payee.holder')} value={payee.holderName} />
    </SimpleGrid>
  );
}

/** The merchant debit of a sell: refused (why), unanswered, or confirmed (when). */
export function DebitState({ transaction }: { transaction: OperatorTransaction }) {
  const { t, i18n } = useTranslation('operatorTransactions');
  const { debit } = transaction;
  if (transaction.type !== 'sell' || !debit) return null;
  if (debit.failure && transaction.status === 'Requested') {
    return (
      <Text fz="xs" c="red.9" fw={600}>
        {t(`debit.refused.${debit.failure}`)}
      </Text>
    );
  }
  if (debit.sentAt) {
    return (
      <Text fz="xs" c="red.9">
        {t('debit.unanswered')}
      </Text>
    );
  }
  if (debit.confirmedAt) {
    return (
      <Text fz="xs" c="teal.9">
        {t('debit.confirmed', { time: formatKoreaDateTime(debit.confirmedAt, i18n.language) })}
      </Text>
    );
  }
  if (transaction.status !== 'Requested') return null;
  return (
    <Text fz="xs" c="dark.6">
      {t('debit.notYet')}
    </Text>
  );
}
