import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  RenewRecoveryCodesRequest,
  TwoFactorConfirmRequest,
  TwoFactorDisableRequest,
  TwoFactorSetupRequest,
  TwoFactorSetupResponse,
} from '@portal/contract/two-factor';
import { api } from '@/lib/api-client';
import { twoFactorQueryKey } from '@/lib/auth/two-factor-status';
import { devicesQueryKey } from '@/features/profile/api/signed-in-devices';

// Two-factor sign-in on the Profile (docs/SECURITY.md "Two-factor sign-in"); its state is in
// lib/auth/two-factor-status.ts, which Sell and the payout account read too.

/** Every change ends by asking for the state again (and for `alsoStale`, which it changes too). */
function useTwoFactorMutation<Body, Answer>(
  send: (body: Body) => Promise<Answer>,
  alsoStale: readonly (readonly string[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all(
        [twoFactorQueryKey, ...alsoStale].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The password again, for a new secret: shown as a QR code and as text to type. */
export const useStartTwoFactorSetup = () =>
  useTwoFactorMutation(
    async (body: TwoFactorSetupRequest) =>
      (await api.post<TwoFactorSetupResponse>('/profile/two-factor/setup', body)).data,
  );

/**
 * A code from the app turns it on; the answer is the first recovery codes, shown once. The
 * other sessions, opened with the password alone, end: the devices list changes too.
 */
export const useConfirmTwoFactor = () =>
  useTwoFactorMutation(
    async (body: TwoFactorConfirmRequest) =>
      (await api.post<RecoveryCodesResponse>('/profile/two-factor/confirm', body)).data
        .recoveryCodes,
    [devicesQueryKey],
  );

/** A new set of recovery codes, which replaces every earlier one. */
export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation(
    async (body: RenewRecoveryCodesRequest) =>
      (await api.post<RecoveryCodesResponse>('/profile/two-factor/recovery-codes', body)).data
        .recoveryCodes,
  );

/** Turns it off: the password and a code. */
export const useDisableTwoFactor = () =>
  useTwoFactorMutation(async (body: TwoFactorDisableRequest) => {
    await api.post('/profile/two-factor/disable', body);
  });
