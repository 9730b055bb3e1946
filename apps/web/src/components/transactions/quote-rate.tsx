import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/form-errors';
import type { useTradeForm } from '@/lib/transactions/use-trade-form';
import { formatRate, formatTime } from '@/lib/format';
import { Figure } from '@/components/transactions/figure';

type Trade = ReturnType<typeof useTradeForm>;

/** "Your rate": KRW per unit from the current quote, and until when it holds. */
export function QuoteRate({ trade }: { trade: Trade }) {
  const { t, i18n } = useTranslation(['transactions', 'errors']);
  const { quote, merchant } = trade;
  let value;
  if (!merchant)
    value = (
      <Text span c="dark.6">
        {t('form.chooseMerchantFirst')}
      </Text>
    );
  else if (quote.data) value = formatRate(t, quote.data.rateKrw, quote.data.asset);
  else if (quote.isError) {
    value = (
      <Text span c="red.8" fz="sm" fw={600} role="alert">
        {apiErrorOf(quote.error)?.code === 'RATE_NOT_SET'
          ? t('errors:codes.RATE_NOT_SET')
          : errorMessage(t, quote.error)}
      </Text>
    );
  } else value = <Loader size="xs" aria-label={t('quote.loading')} />;
  return (
    <Figure
      label={t('form.rate')}
      hint={
        quote.data && merchant
          ? t('quote.validUntil', { time: formatTime(quote.data.expiresAt, i18n.language) })
          : undefined
      }
    >
      {value}
    </Figure>
  );
}
