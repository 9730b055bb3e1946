import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, TransactionType } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';

export const quoteQueryKey = (merchantId: string, side: TransactionType) =>
  ['quotes', merchantId, side] as const;

/** Ask again this long before the quote runs out, so the token sent is always a live one. */
const REFRESH_MARGIN_MS = 15_000;
const MIN_REFRESH_MS = 5_000;
const RETRY_WITHOUT_RATE_MS = 60_000;

/** The current rate for a merchant's asset, with the signed token a request locks it with. */
export async function getQuote(
  merchantId: string,
  side: TransactionType,
  signal?: AbortSignal,
): Promise<Quote> {
  const response = await api.get<Quote>('/quotes', { params: { merchantId, side }, signal });
  return response.data;
}

/** How long until the quote should be fetched again: shortly before it expires. */
export function quoteRefreshInterval(quote: Quote | undefined, now = Date.now()): number | false {
  if (!quote) return false;
  const expiresAt = Date.parse(quote.expiresAt);
  if (Number.isNaN(expiresAt)) return false;
  return Math.max(MIN_REFRESH_MS, expiresAt - now - REFRESH_MARGIN_MS);
}

/** Whether the quote has run out (or is about to): a request with it would be refused. */
export function isQuoteExpired(quote: Quote, now = Date.now()): boolean {
  return Date.parse(quote.expiresAt) - now <= 1_000;
}

export const quoteQueryOptions = (merchantId: string, side: TransactionType) =>
  queryOptions({
    queryKey: quoteQueryKey(merchantId, side),
    queryFn: ({ signal }) => getQuote(merchantId, side, signal),
    enabled: merchantId !== '',
    // A quote is short-lived: it is never fresh for the app's usual five minutes.
    staleTime: 0,
    // Renew before expiry; with no rate set yet, look again every minute.
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? RETRY_WITHOUT_RATE_MS
        : quoteRefreshInterval(query.state.data),
  });

export const useQuote = (merchantId: string, side: TransactionType) =>
  useQuery(quoteQueryOptions(merchantId, side));
