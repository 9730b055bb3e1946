import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorSandboxAccount,
  OperatorSandboxAccountList,
  TopUpSandboxAccountRequest,
} from '@portal/contract/sandbox';
import { api } from '@/lib/api-client';

export const sandboxAccountsQueryKey = (merchantId: string) =>
  ['operator', 'merchants', merchantId, 'sandbox-accounts'] as const;

const base = (merchantId: string) =>
  `/operator/merchants/${encodeURIComponent(merchantId)}/sandbox-accounts`;

/** A sandbox merchant's accounts: open ones first, newest first. */
export async function getSandboxAccounts(
  merchantId: string,
  signal?: AbortSignal,
): Promise<OperatorSandboxAccount[]> {
  const response = await api.get<OperatorSandboxAccountList>(base(merchantId), { signal });
  return response.data.items;
}

export const useSandboxAccounts = (merchantId: string) =>
  useQuery(
    queryOptions({
      queryKey: sandboxAccountsQueryKey(merchantId),
      queryFn: ({ signal }) => getSandboxAccounts(merchantId, signal),
    }),
  );

interface AccountRef {
  merchantId: string;
  accountNumber: string;
}

export async function topUpSandboxAccount({
  merchantId,
  accountNumber,
  body,
}: AccountRef & { body: TopUpSandboxAccountRequest }): Promise<OperatorSandboxAccount> {
  const response = await api.post<OperatorSandboxAccount>(
    `${base(merchantId)}/${encodeURIComponent(accountNumber)}/top-up`,
    body,
  );
  return response.data;
}

export async function closeSandboxAccount({
  merchantId,
  accountNumber,
}: AccountRef): Promise<OperatorSandboxAccount> {
  const response = await api.post<OperatorSandboxAccount>(
    `${base(merchantId)}/${encodeURIComponent(accountNumber)}/close`,
    {},
  );
  return response.data;
}

function useAccountMutation<Variables extends AccountRef>(
  mutationFn: (variables: Variables) => Promise<OperatorSandboxAccount>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: sandboxAccountsQueryKey(variables.merchantId) }),
  });
}

export const useTopUpSandboxAccount = () => useAccountMutation(topUpSandboxAccount);
export const useCloseSandboxAccount = () => useAccountMutation(closeSandboxAccount);
