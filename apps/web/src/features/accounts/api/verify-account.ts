import { useMutation } from '@tanstack/react-query';
import {
  verifyAccountResponseSchema,
  type VerifyAccountRequest,
  type VerifyAccountResponse,
} from '@portal/contract/accounts';
import { api } from '@/lib/api-client';

/**
 * Asks the merchant whether the account number and password are right. The password goes to the
 * merchant this once; the answer is a short-lived verification that Submit turns into an account.
 */
export async function verifyAccount(body: VerifyAccountRequest): Promise<VerifyAccountResponse> {
  const response = await api.post('/accounts/verify', body);
  return verifyAccountResponseSchema.parse(response.data);
}

export const useVerifyAccount = () => useMutation({ mutationFn: verifyAccount });
