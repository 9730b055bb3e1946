import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { AccountsList } from '@/features/accounts/components/accounts-list';
import { AddAccountForm } from '@/features/accounts/components/add-account-form';

export function Component() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.accounts')} description={t('screens.accounts.description')} />
      <Stack gap="xl">
        <AddAccountForm />
        <AccountsList />
      </Stack>
    </>
  );
}
