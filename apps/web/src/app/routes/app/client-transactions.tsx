import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { TransactionList } from '@/features/transaction-list/components/transaction-list';
import { Component as NotFound } from '@/app/routes/not-found';

/** Agency users only: their clients' transactions (the server refuses anyone else as well). */
export function Component() {
  return (
    <RequireRole roles={['agency']} fallback={<NotFound />}>
      <Screen />
    </RequireRole>
  );
}

function Screen() {
  const { t } = useTranslation(['transactionList', 'common']);
  return (
    <>
      <ScreenHeader
        title={t('common:nav.clientTransactions')}
        description={t('description.agency')}
      />
      <TransactionList scope="agency" title={t('common:nav.clientTransactions')} />
    </>
  );
}
