import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirm, PasswordResetRequest } from '@portal/contract/auth';
import { api } from '@/lib/api-client';

/** "Forgot your password?": the answer is the same whether or not the email has an account. */
export const useAskForPasswordReset = () =>
  useMutation({
    mutationFn: async (body: PasswordResetRequest) => {
      await api.post('/auth/password-reset', body);
    },
  });

/** A new password from a reset link; signs nobody in. */
export const useSetPasswordFromLink = () =>
  useMutation({
    mutationFn: async (body: PasswordResetConfirm) => {
      await api.post('/auth/password-reset/confirm', body);
    },
  });
