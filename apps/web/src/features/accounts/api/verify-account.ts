import { useMutation } from '@tanstack/react-query';
import type { VerifyAccountRequest, VerifyAccountResponse } from '@portal/contract/accounts';
import { api } from '@/lib/api-client';

/**
 * Asks the merchant whether the account number and password are right. The password goes to the
 * merchant this once; the answer is a short-lived verification that Submit turns into an account.
 */
export async function verifyAccount(body: VerifyAccountRequest): Promise<VerifyAccountResponse> {
  const response = await api.post<VerifyAccountResponse>('/accounts/verify', body);
  return response.data;
}

export const useVerifyAccount = () => useMutation({ mutationFn: verifyAccount });
