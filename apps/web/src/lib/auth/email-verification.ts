import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailRequest, ResendVerificationRequest } from '@portal/contract/mail';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/user/get-current-user';

/**
 * Email confirmation (docs/decisions/027), shared by the sign-in dialogs (the link's dialog) and
 * the signed-in screens (the notice, the Buy and Sell gate): the current user says whether the
 * email is confirmed; confirming refreshes them.
 */
export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConfirmEmailRequest) => {
      await api.post('/email-verification/confirm', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
};

/** "Send the link again": 202 sent, 204 nothing to confirm, 429 too soon (RATE_LIMITED). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: async (body: ResendVerificationRequest) => {
      await api.post('/email-verification/resend', body);
    },
  });
