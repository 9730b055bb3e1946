import { useMutation } from '@tanstack/react-query';
import type { OpenedSandboxAccount, OpenSandboxAccountRequest } from '@portal/contract/sandbox';
import { api } from '@/lib/api-client';

/**
 * Opens a test account at a sandbox merchant in the user's name. The answer carries the
 * account's password, shown this once and never kept here beyond the dialog.
 */
export async function openSandboxAccount(
  body: OpenSandboxAccountRequest,
): Promise<OpenedSandboxAccount> {
  const response = await api.post<OpenedSandboxAccount>('/sandbox/accounts', body);
  return response.data;
}

export const useOpenSandboxAccount = () => useMutation({ mutationFn: openSandboxAccount });
