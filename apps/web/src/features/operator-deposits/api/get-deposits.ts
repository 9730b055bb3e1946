import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Deposit,
  DepositList,
  DepositSort,
  DepositStatus,
} from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { downloadFile, type ExportFormat } from '@/lib/download';

export const operatorDepositsQueryKey = ['operator', 'deposits'] as const;

/** What the deposit queue shows (docs/decisions/021). */
export interface DepositSearch {
  /** Depositor, bank reference, or a won amount typed whole (1,000,000 or 1000000). */
  q?: string;
  /** Korea's calendar days of receipt, both inclusive. */
  from?: string;
  to?: string;
}

export interface DepositFilters extends DepositSearch {
  status: DepositStatus;
  sort?: DepositSort;
  page: number;
  pageSize: number;
}

export interface DepositPage {
  items: Deposit[];
  total: number;
  page: number;
  pageSize: number;
}

/** Recorded deposits of one status, searched and ordered (newest first unless told), a page at a time. */
export async function getDeposits(
  filters: DepositFilters,
  signal?: AbortSignal,
): Promise<DepositPage> {
  const response = await api.get<DepositList>('/operator/deposits', { params: filters, signal });
  return response.data;
}

export const depositsQueryOptions = (filters: DepositFilters) =>
  queryOptions({
    queryKey: [...operatorDepositsQueryKey, filters],
    queryFn: ({ signal }) => getDeposits(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useDeposits = (filters: DepositFilters) => useQuery(depositsQueryOptions(filters));

/** The filtered deposits, every page, as a file in the reader's language; answers its name. */
export function exportDeposits(
  format: ExportFormat,
  { status, q, from, to }: DepositSearch & { status: DepositStatus },
  language: string,
): Promise<string> {
  return downloadFile(
    `/operator/deposits/export.${format}`,
    { status, q, from, to, lang: language === 'ko' ? 'ko' : 'en' },
    `deposits.${format}`,
  );
}
