import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AgencyTransaction,
  AgencyTransactionList,
  Transaction,
  TransactionList,
} from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { downloadFile, type ExportFormat } from '@/lib/download';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';
import type { TransactionFilters } from '@/features/transaction-list/list-params';

/** Whose transactions a list shows: the signed-in user's own, or an agency's clients'. */
export type ListScope = 'own' | 'agency';

/** A row of either list: an agency's rows carry the client. */
export type ListedTransaction = Transaction & { client?: AgencyTransaction['client'] };

/** A page of either list: the contract's page, with rows of either kind. */
export type ListedPage = Omit<TransactionList, 'items'> & { items: ListedTransaction[] };

export const PAGE_SIZE = 20;
/** The print view reads every filtered row up to this many (100 a page). */
export const PRINT_LIMIT = 2000;

const basePath = (scope: ListScope) =>
  scope === 'agency' ? '/agency/transactions' : '/transactions';

/**
 * One page. With `after` (the previous page's `nextCursor`) the server starts just after that
 * row instead of counting rows to skip, so Next costs the same on page 10,000 as on page 2.
 */
export async function getTransactionPage(
  scope: ListScope,
  filters: TransactionFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  after?: string | null,
): Promise<ListedPage> {
  const response = await api.get<TransactionList | AgencyTransactionList>(basePath(scope), {
    params: { ...filters, page, pageSize, after: after ?? undefined },
    signal,
  });
  return response.data;
}

const transactionPageQueryKey = (scope: ListScope, filters: TransactionFilters, page: number) =>
  [...transactionsQueryKey, 'filtered', scope, filters, page] as const;

/**
 * Under the shared transactions key, so a new request or a live update refreshes lists too. A
 * page whose previous page is in the cache (the person pressed Next, or Previous from a page
 * they reached that way) is asked for by cursor; a page opened by its number alone, by number.
 */
export const transactionPageQueryOptions = (
  scope: ListScope,
  filters: TransactionFilters,
  page: number,
) =>
  queryOptions({
    queryKey: transactionPageQueryKey(scope, filters, page),
    queryFn: ({ signal, client }) => {
      const previous =
        page > 1
          ? client.getQueryData<ListedPage>(transactionPageQueryKey(scope, filters, page - 1))
          : undefined;
      return getTransactionPage(scope, filters, page, PAGE_SIZE, signal, previous?.nextCursor);
    },
    placeholderData: keepPreviousData,
  });

export const useTransactionPage = (scope: ListScope, filters: TransactionFilters, page: number) =>
  useQuery(transactionPageQueryOptions(scope, filters, page));

/** Every filtered row for printing, 100 a page, up to PRINT_LIMIT. */
export async function getAllTransactions(
  scope: ListScope,
  filters: TransactionFilters,
  signal?: AbortSignal,
): Promise<{ items: ListedTransaction[]; total: number }> {
  const items: ListedTransaction[] = [];
  let total = 0;
  let after: string | null = null;
  for (let page = 1; items.length < PRINT_LIMIT; page += 1) {
    const result = await getTransactionPage(scope, filters, page, 100, signal, after);
    total = result.total;
    items.push(...result.items);
    after = result.nextCursor;
    if (after === null || items.length >= total) break;
  }
  return { items: items.slice(0, PRINT_LIMIT), total };
}

export const useAllTransactions = (scope: ListScope, filters: TransactionFilters) =>
  useQuery({
    queryKey: [...transactionsQueryKey, 'print', scope, filters] as const,
    queryFn: ({ signal }) => getAllTransactions(scope, filters, signal),
  });

/**
 * Downloads an export of exactly the filtered rows; the server streams the file and names it in
 * the reader's language.
 */
export function downloadExport(
  scope: ListScope,
  format: ExportFormat,
  filters: TransactionFilters,
  language: string,
): Promise<string> {
  return downloadFile(
    `${basePath(scope)}/export.${format}`,
    { ...filters, lang: language === 'ko' ? 'ko' : 'en' },
    `${scope === 'agency' ? 'client-transactions' : 'transactions'}.${format}`,
  );
}
