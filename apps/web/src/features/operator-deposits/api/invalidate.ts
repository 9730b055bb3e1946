import type { QueryClient } from '@tanstack/react-query';

/**
 * A deposit can complete a buy, so recording or resolving one refreshes the deposits, the
 * operator's transaction queues and the users' own transaction views.
 */
export function invalidateAfterDeposit(queryClient: QueryClient) {
  return Promise.all(
    [['operator', 'deposits'], ['operator', 'transactions'], ['transactions']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
