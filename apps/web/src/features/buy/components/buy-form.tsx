import {
  Divider,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { krwTotal } from '@portal/contract/money';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { EmailNotVerified } from '@/components/ui/email-not-verified';
import { VerificationRequired } from '@/components/ui/verification-required';
import { DepositAccountCard } from '@/components/transactions/deposit-account-card';
import { DepositConditions } from '@/components/transactions/deposit-conditions';
import { Figure } from '@/components/transactions/figure';
import { MerchantAccountFields } from '@/components/transactions/merchant-account-fields';
import { QuoteRate } from '@/components/transactions/quote-rate';
import { RateNotice } from '@/components/transactions/rate-notice';
import { formatAsset, formatKrw } from '@/lib/format';
import { useTradeForm } from '@/lib/transactions/use-trade-form';
import { useIdentityVerified } from '@/lib/my-kyc-documents';
import { useUser } from '@/lib/user/user-context';

/**
 * Buy (docs/PRODUCT.md "Screens"): select merchant, select account, amount to buy, the user's rate in won and
 * the total to buy, with the conditions for automatic deposit processing and the account to pay.
 */
export function BuyForm() {
  const { t } = useTranslation(['buy', 'transactions', 'validation', 'errors']);
  const trade = useTradeForm('buy');
  // Buying waits for a verified identity (KYC_REQUIRED): say so before anything is typed.
  const verified = useIdentityVerified();
  // And for a confirmed email (EMAIL_NOT_VERIFIED, docs/decisions/027).
  const emailUnconfirmed = useUser().user.emailVerified === false;
  const { form, merchant, quote, amount } = trade;
  const {
    register,
    formState: { errors },
  } = form;
  const amountError = trade.amountErrorText(errors.amount);
  const total = amount && quote.data ? krwTotal(amount, quote.data.rateKrw, 'buy') : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="buy-form-title"
        >
          <Title id="buy-form-title" order={2} fz="lg" mb="md">
            {t('buy:form.title')}
          </Title>
          <form
            onSubmit={(event) => void trade.onSubmit(event)}
            noValidate
            aria-label={t('buy:form.title')}
          >
            <Stack gap="md">
              {/* Each says what it waits for: an unconfirmed email and unchecked identity both show. */}
              {emailUnconfirmed ? <EmailNotVerified /> : null}
              {verified === false ? <VerificationRequired /> : null}
              <FormAlert message={trade.formError} />
              <RateNotice message={trade.rateNotice} onClose={trade.dismissRateNotice} />
              <MerchantAccountFields trade={trade} />
              <TextInput
                label={t('buy:form.amount')}
                description={
                  merchant
                    ? t('transactions:form.limits', {
                        min: formatAsset(t, merchant.minPerRequest, merchant.asset),
                        max: formatAsset(t, merchant.maxPerRequest, merchant.asset),
                      })
                    : t('transactions:form.amountHint')
                }
                inputMode="decimal"
                autoComplete="off"
                rightSection={
                  merchant ? (
                    <Text fz="sm" c="dark.6">
                      {merchant.asset}
                    </Text>
                  ) : null
                }
                rightSectionWidth={64}
                styles={readableFieldStyles}
                required
                aria-invalid={amountError ? true : undefined}
                error={amountError}
                {...register('amount')}
              />
              <Divider />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <QuoteRate trade={trade} />
                <Figure label={t('buy:form.total')} emphasis hint={t('buy:form.totalHint')}>
                  {total ? formatKrw(t, total) : '—'}
                </Figure>
              </SimpleGrid>
              <Group justify="flex-end">
                <SubmitButton
                  loading={trade.isSubmitting}
                  disabled={!quote.data || verified === false || emailUnconfirmed}
                >
                  {t('transactions:form.request')}
                </SubmitButton>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="lg">
            <DepositConditions />
            <Divider />
            <DepositAccountCard />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
