import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  OperatorTransaction,
  TransactionStatus,
  TransactionType,
  OperatorTransactionList,
} from '@portal/contract/transactions';
import type { OperatorSort } from '@portal/contract/operator-workbench';
import { api } from '@/lib/api-client';
import { downloadFile, type ExportFormat } from '@/lib/download';

export const operatorTransactionsQueryKey = ['operator', 'transactions'] as const;

export interface OperatorTransactionFilters {
  type?: TransactionType;
  status?: TransactionStatus;
  /** Number, user, depositor or won amount (docs/decisions/021). */
  q?: string;
  /** Korea's calendar days, both inclusive. */
  from?: string;
  to?: string;
  /** Oldest first unless told. */
  sort?: OperatorSort;
  page: number;
  pageSize: number;
}

export interface OperatorTransactionPage {
  items: OperatorTransaction[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every user's transactions, filtered, searched and ordered, one page at a time. */
export async function getOperatorTransactions(
  filters: OperatorTransactionFilters,
  signal?: AbortSignal,
): Promise<OperatorTransactionPage> {
  const response = await api.get<OperatorTransactionList>('/operator/transactions', {
    params: filters,
    signal,
  });
  return response.data;
}

export const operatorTransactionsQueryOptions = (filters: OperatorTransactionFilters) =>
  queryOptions({
    queryKey: [...operatorTransactionsQueryKey, filters],
    queryFn: ({ signal }) => getOperatorTransactions(filters, signal),
    // Paging keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useOperatorTransactions = (filters: OperatorTransactionFilters) =>
  useQuery(operatorTransactionsQueryOptions(filters));

/** The filtered rows, every page, as a file in the reader's language; answers the file's name. */
export function exportOperatorTransactions(
  format: ExportFormat,
  {
    type,
    status,
    q,
    from,
    to,
  }: Omit<OperatorTransactionFilters, 'page' | 'pageSize' | 'sort' | 'status'> & {
    /** One status, or a queue tab's several. */
    status?: TransactionStatus | TransactionStatus[];
  },
  language: string,
): Promise<string> {
  return downloadFile(
    `/operator/transactions/export.${format}`,
    { type, status, q, from, to, lang: language === 'ko' ? 'ko' : 'en' },
    `all-transactions.${format}`,
  );
}
