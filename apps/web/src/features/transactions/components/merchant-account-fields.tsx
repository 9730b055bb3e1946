import { Alert, Anchor, Select, SimpleGrid } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { paths } from '@/config/paths';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import type { useTradeForm } from '../hooks/use-trade-form';

type Trade = ReturnType<typeof useTradeForm>;

/** "Select merchant" and "Select account": the user's saved accounts at the chosen merchant. */
export function MerchantAccountFields({ trade }: { trade: Trade }) {
  const { t } = useTranslation(['transactions', 'validation', 'errors']);
  const { form, merchants, accounts, accountsHere, chooseMerchant, merchantId } = trade;
  const {
    control,
    formState: { errors },
  } = form;
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
        <Controller
          control={control}
          name="merchantId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('form.merchant')}
              placeholder={
                merchants.isPending ? t('form.merchantsLoading') : t('form.merchantPlaceholder')
              }
              data={merchantOptions}
              value={field.value || null}
              onChange={(value) => chooseMerchant(value ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              nothingFoundMessage={t('form.noMerchants')}
              comboboxProps={{ withinPortal: true }}
              styles={readableFieldStyles}
              required
              disabled={merchants.isError}
              aria-invalid={errors.merchantId ? true : undefined}
              error={
                fieldErrorText(t, errors.merchantId) ??
                (merchants.isError ? errorMessage(t, merchants.error) : undefined)
              }
            />
          )}
        />
        <Controller
          control={control}
          name="accountId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('form.account')}
              placeholder={
                accounts.isPending ? t('form.accountsLoading') : t('form.accountPlaceholder')
              }
              data={accountOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              allowDeselect={false}
              nothingFoundMessage={t('form.noAccounts')}
              comboboxProps={{ withinPortal: true }}
              styles={readableFieldStyles}
              required
              disabled={merchantId === '' || accountsHere.length === 0}
              aria-invalid={errors.accountId ? true : undefined}
              error={
                fieldErrorText(t, errors.accountId) ??
                (accounts.isError ? errorMessage(t, accounts.error) : undefined)
              }
            />
          )}
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
