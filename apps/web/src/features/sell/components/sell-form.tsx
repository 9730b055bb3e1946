import {
  Divider,
  Group,
  Loader,
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
import { TwoFactorRequired } from '@/components/ui/two-factor-required';
import { EmailNotVerified } from '@/components/ui/email-not-verified';
import { VerificationRequired } from '@/components/ui/verification-required';
import { usePayee } from '@/lib/payee';
import { PayeeNotice } from '@/components/ui/payee-notice';
import { useIdentityVerified } from '@/lib/my-kyc-documents';
import { useTwoFactorOn } from '@/lib/auth/two-factor-status';
import { useUser } from '@/lib/user/user-context';
import { Figure } from '@/components/transactions/figure';
import { MerchantAccountFields } from '@/components/transactions/merchant-account-fields';
import { QuoteRate } from '@/components/transactions/quote-rate';
import { RateNotice } from '@/components/transactions/rate-notice';
import { formatAsset, formatDateTime, formatKrw } from '@/lib/format';
import { useTradeForm } from '@/lib/transactions/use-trade-form';
import { errorMessage } from '@/lib/form-errors';

/**
 * Sell (docs/PRODUCT.md "Screens"): the account's balance and open position, the amount to sell, the rate,
 * the amount received and the total to sell, and Request. What is asked for beyond the available
 * balance is refused here already; the server decides in the end (INSUFFICIENT_BALANCE).
 */
export function SellForm() {
  const { t, i18n } = useTranslation(['sell', 'transactions', 'validation', 'errors']);
  const trade = useTradeForm('sell');
  // The won is paid only to a registered payee: no Request without one (PAYEE_REQUIRED).
  const payee = usePayee();
  // Selling waits for a verified identity (KYC_REQUIRED): say so before anything is typed.
  const verified = useIdentityVerified();
  // And for a confirmed email (EMAIL_NOT_VERIFIED, docs/decisions/027).
  const emailUnconfirmed = useUser().user.emailVerified === false;
  // And two-factor sign-in on (TWO_FACTOR_REQUIRED, docs/decisions/026): said up front too.
  const twoFactorOn = useTwoFactorOn();
  const { form, merchant, quote, amount, position } = trade;
  const {
    register,
    formState: { errors },
  } = form;
  const amountError = trade.amountErrorText(errors.amount);
  const asset = position.data?.asset ?? merchant?.asset ?? '';
  const received = amount && quote.data ? krwTotal(amount, quote.data.rateKrw, 'sell') : null;
  const figureOf = (value: string | undefined) => {
    if (!trade.accountId) return '—';
    if (position.isPending) return <Loader size="xs" aria-label={t('sell:position.loading')} />;
    if (position.isError) {
      return (
        <Text span fz="sm" c="red.8" role="alert">
          {errorMessage(t, position.error)}
        </Text>
      );
    }
    return value === undefined ? '—' : formatAsset(t, value, asset);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="sell-form-title"
    >
      <Title id="sell-form-title" order={2} fz="lg" mb="md">
        {t('sell:form.title')}
      </Title>
      <form
        onSubmit={(event) => void trade.onSubmit(event)}
        noValidate
        aria-label={t('sell:form.title')}
      >
        <Stack gap="md">
          {/* Each says what it waits for: an unconfirmed email and unchecked identity both show. */}
          {emailUnconfirmed ? <EmailNotVerified /> : null}
          {verified === false ? <VerificationRequired /> : null}
          {twoFactorOn === false ? <TwoFactorRequired /> : null}
          <FormAlert message={trade.formError} />
          <RateNotice message={trade.rateNotice} onClose={trade.dismissRateNotice} />
          <PayeeNotice />
          <MerchantAccountFields trade={trade} />
          <SimpleGrid
            cols={{ base: 1, xs: 3 }}
            spacing="md"
            aria-label={t('sell:position.title')}
            component="section"
          >
            <Figure
              label={t('sell:position.balance')}
              hint={
                position.data?.syncedAt
                  ? t('sell:position.syncedAt', {
                      time: formatDateTime(position.data.syncedAt, i18n.language),
                    })
                  : undefined
              }
            >
              {figureOf(position.data?.balance)}
            </Figure>
            <Figure
              label={t('sell:position.openPosition')}
              hint={t('sell:position.openPositionHint')}
            >
              {figureOf(position.data?.openPosition)}
            </Figure>
            <Figure label={t('sell:position.available')}>
              {figureOf(position.data?.available)}
            </Figure>
          </SimpleGrid>
          <TextInput
            label={t('sell:form.amount')}
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
              asset ? (
                <Text fz="sm" c="dark.6">
                  {asset}
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
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <QuoteRate trade={trade} />
            <Figure label={t('sell:form.received')} emphasis hint={t('sell:form.receivedHint')}>
              {received ? formatKrw(t, received) : '—'}
            </Figure>
            <Figure label={t('sell:form.total')} hint={t('sell:form.totalHint')}>
              {amount ? formatAsset(t, amount, asset) : '—'}
            </Figure>
          </SimpleGrid>
          <Group justify="flex-end">
            <SubmitButton
              loading={trade.isSubmitting}
              disabled={
                !quote.data ||
                !payee.data ||
                verified === false ||
                twoFactorOn === false ||
                emailUnconfirmed
              }
            >
              {t('transactions:form.request')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
