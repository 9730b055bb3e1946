import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/form-errors';
import { useDepositAccount } from '@/lib/transactions/get-deposit-account';
import { CopyValue } from '@/components/ui/copy-value';

/** The Partner Agency Bank Account a buy is paid into, or why there is none yet. */
export function DepositAccountCard() {
  const { t } = useTranslation(['transactions', 'errors']);
  const depositAccount = useDepositAccount();
  let body;
  if (depositAccount.isPending)
    body = <Loader size="sm" aria-label={t('depositAccount.loading')} />;
  else if (depositAccount.isError) {
    body = (
      <Text fz="sm" c="red.8" role="alert">
        {errorMessage(t, depositAccount.error)}
      </Text>
    );
  } else if (!depositAccount.data.takingBuys) {
    body = (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {t('errors:codes.AGENCY_NOT_TAKING_BUYS')}
      </Alert>
    );
  } else if (!depositAccount.data.account) {
    body = (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {depositAccount.data.agencyName
          ? t('depositAccount.missingNamed', { agency: depositAccount.data.agencyName })
          : t('depositAccount.missing')}
      </Alert>
    );
  } else {
    const { bankName, accountNumber, accountHolder } = depositAccount.data.account;
    body = (
      <Stack gap="sm">
        <CopyValue label={t('depositAccount.bank')} value={bankName} />
        <CopyValue label={t('depositAccount.number')} value={accountNumber} mono />
        <CopyValue label={t('depositAccount.holder')} value={accountHolder} />
      </Stack>
    );
  }
  return (
    <section aria-labelledby="deposit-account-title">
      <Text id="deposit-account-title" fw={700} mb={4}>
        {t('depositAccount.title')}
      </Text>
      {depositAccount.data?.agencyName && depositAccount.data.account ? (
        <Text fz="sm" c="dark.6" mb="xs">
          {t('depositAccount.agency', { agency: depositAccount.data.agencyName })}
        </Text>
      ) : null}
      {body}
    </section>
  );
}
