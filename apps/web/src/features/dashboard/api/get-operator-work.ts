import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FailedCreditList } from '@portal/contract/merchant-credits';
import type { DepositList, OperatorTransactionList } from '@portal/contract/transactions';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/transactions/get-transactions';

/** How much work waits for the operator: counts only, so every list is asked for one row. */
export interface OperatorWork {
  /** Sell requests nobody has started paying out yet. */
  sellsRequested: number;
  /** Sells being paid out, waiting to be completed. */
  sellsPending: number;
  /** Buys whose deposit needs a decision. */
  buysPending: number;
  /** Completed buys whose merchant credit failed and waits for a retry. */
  creditsFailed: number;
  /** Deposits that did not match a request by themselves. */
  depositsInReview: number;
}

export async function getOperatorWork(signal?: AbortSignal): Promise<OperatorWork> {
  const one = { page: 1, pageSize: 1 };
  const count = async (type: 'buy' | 'sell', status: 'Requested' | 'Pending') =>
    (
      await api.get<OperatorTransactionList>('/operator/transactions', {
        params: { type, status, ...one },
        signal,
      })
    ).data.total;
  const [sellsRequested, sellsPending, buysPending, creditsFailed, depositsInReview] =
    await Promise.all([
      count('sell', 'Requested'),
      count('sell', 'Pending'),
      count('buy', 'Pending'),
      api.get<FailedCreditList>('/operator/merchant-credits', { signal }),
      api.get<DepositList>('/operator/deposits', { params: { status: 'review', ...one }, signal }),
    ]);
  return {
    sellsRequested,
    sellsPending,
    buysPending,
    creditsFailed: creditsFailed.data.items.length,
    depositsInReview: depositsInReview.data.total,
  };
}

/** Under ['transactions']: operators receive every live update, which refreshes the counts. */
export const operatorWorkQueryOptions = () =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'operator-work'],
    queryFn: ({ signal }) => getOperatorWork(signal),
  });

export const useOperatorWork = () => useQuery(operatorWorkQueryOptions());
