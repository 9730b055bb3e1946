import { Alert, Anchor, SimpleGrid } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormSelect } from '@/components/ui/form-select';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import type { useTradeForm } from '@/lib/transactions/use-trade-form';

type Trade = ReturnType<typeof useTradeForm>;

/** "Select merchant" and "Select account": the user's saved accounts at the chosen merchant. */
export function MerchantAccountFields({ trade }: { trade: Trade }) {
  const { t } = useTranslation(['transactions', 'validation', 'errors']);
  const { form, merchants, accounts, accountsHere, chooseMerchant, merchantId } = trade;
  const { control } = form;
  const merchantOptions = (merchants.data ?? []).map((merchant) => ({
    value: merchant.id,
    label: t('form.merchantOption', { name: merchant.name, asset: merchant.asset }),
  }));
  const accountOptions = accountsHere.map((account) => ({
    value: account.id,
    label: account.isDefault
      ? t('form.accountOptionDefault', { name: account.name, number: account.accountNumber })
      : t('form.accountOption', { name: account.name, number: account.accountNumber }),
  }));
  const noAccounts = merchantId !== '' && accounts.isSuccess && accountsHere.length === 0;

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FormSelect
          control={control}
          name="merchantId"
          label={t('form.merchant')}
          placeholder={
            merchants.isPending ? t('form.merchantsLoading') : t('form.merchantPlaceholder')
          }
          data={merchantOptions}
          onChange={chooseMerchant}
          nothingFoundMessage={t('form.noMerchants')}
          required
          disabled={merchants.isError}
          error={merchants.isError ? errorMessage(t, merchants.error) : undefined}
        />
        <FormSelect
          control={control}
          name="accountId"
          label={t('form.account')}
          placeholder={
            accounts.isPending ? t('form.accountsLoading') : t('form.accountPlaceholder')
          }
          data={accountOptions}
          nothingFoundMessage={t('form.noAccounts')}
          required
          disabled={merchantId === '' || accountsHere.length === 0}
          error={accounts.isError ? errorMessage(t, accounts.error) : undefined}
        />
      </SimpleGrid>
      {noAccounts ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('form.noAccountsHere')}{' '}
          <Anchor component={Link} to={paths.app.accounts} fw={600}>
            {t('form.addAccountLink')}
          </Anchor>
        </Alert>
      ) : null}
    </>
  );
}
