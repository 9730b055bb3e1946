import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { TransactionList } from '@/features/transaction-list/components/transaction-list';

/** My Transactions: the signed-in user's own buys and sells. */
export function Component() {
  const { t } = useTranslation(['transactionList', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.transactions')} description={t('description.own')} />
      <TransactionList scope="own" title={t('common:nav.transactions')} />
    </>
  );
}
