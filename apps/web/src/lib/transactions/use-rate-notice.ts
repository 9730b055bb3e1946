import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@portal/contract/transactions';
import { formatRate } from '@/lib/format';

/**
 * What Buy and Sell say about the rate a request will get: the quote renews itself before it
 * expires, and the user is told when the rate moved meanwhile, when a quote that ran out was
 * renewed, and when the server refused a quote whose rate the operator had replaced
 * (docs/decisions/010).
 */
export function useRateNotice(quote: UseQueryResult<Quote>, merchantId: string) {
  const { t } = useTranslation('transactions');
  const [rateNotice, setRateNotice] = useState<string | null>(null);

  const seen = useRef<{ merchantId: string; rate: string } | null>(null);
  const quoteData = quote.data;
  useEffect(() => {
    if (!quoteData) return;
    const previous = seen.current;
    seen.current = { merchantId, rate: quoteData.rateKrw };
    if (previous?.merchantId === merchantId && previous.rate !== quoteData.rateKrw) {
      const rate = formatRate(t, quoteData.rateKrw, quoteData.asset);
      // The server's refusal of the old rate (QUOTE_RATE_CHANGED) already said it in its words.
      const refused = t('transactions:quote.rateChanged', { rate });
      setRateNotice((current) =>
        current === refused ? current : t('transactions:quote.changed', { rate }),
      );
    }
  }, [quoteData, merchantId, t]);

  /**
   * Fetches a new quote and says what became of the rate. `rateChanged`: the server refused the
   * quote because its rate is no longer current. A quote that cannot be had is thrown, for the
   * form's alert.
   */
  const renewQuote = async (rateChanged = false) => {
    const before = quote.data?.rateKrw;
    const renewed = await quote.refetch();
    if (!renewed.data) throw renewed.error ?? new Error('no quote');
    const rate = formatRate(t, renewed.data.rateKrw, renewed.data.asset);
    setRateNotice(
      rateChanged
        ? t('transactions:quote.rateChanged', { rate })
        : before !== undefined && before !== renewed.data.rateKrw
          ? t('transactions:quote.changed', { rate })
          : t('transactions:quote.renewed', { rate }),
    );
  };

  return { rateNotice, setRateNotice, renewQuote };
}
