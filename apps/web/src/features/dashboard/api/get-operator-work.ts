import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDeposits } from '@/features/operator-deposits/api/get-deposits';
import { getFailedCredits } from '@/features/operator-transactions/api/get-failed-credits';
import { getOperatorTransactions } from '@/features/operator-transactions/api/get-operator-transactions';
import { transactionsQueryKey } from '@/features/transactions/api/get-transactions';

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
  const [sellsRequested, sellsPending, buysPending, creditsFailed, depositsInReview] =
    await Promise.all([
      getOperatorTransactions({ type: 'sell', status: 'Requested', ...one }, signal),
      getOperatorTransactions({ type: 'sell', status: 'Pending', ...one }, signal),
      getOperatorTransactions({ type: 'buy', status: 'Pending', ...one }, signal),
      getFailedCredits(signal),
      getDeposits({ status: 'review', ...one }, signal),
    ]);
  return {
    sellsRequested: sellsRequested.total,
    sellsPending: sellsPending.total,
    buysPending: buysPending.total,
    creditsFailed: creditsFailed.items.length,
    depositsInReview: depositsInReview.total,
  };
}

/** Under ['transactions']: operators receive every live update, which refreshes the counts. */
export const operatorWorkQueryOptions = () =>
  queryOptions({
    queryKey: [...transactionsQueryKey, 'operator-work'],
    queryFn: ({ signal }) => getOperatorWork(signal),
  });

export const useOperatorWork = () => useQuery(operatorWorkQueryOptions());
