import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedInDevicesResponse } from '@portal/contract/signed-in-devices';
import { api } from '@/lib/api-client';

/** Read again where another change ends sessions (turning two-factor sign-in on). */
export const devicesQueryKey = ['profile', 'devices'] as const;

export const signedInDevicesQuery = () =>
  queryOptions({
    queryKey: devicesQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<SignedInDevicesResponse>('/profile/devices', { signal })).data.devices,
  });

/** Ends one session (this device's own signs it out). */
export function useEndDeviceSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/profile/devices/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

/** Ends every session but this one. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ ended: number }>('/profile/devices/sign-out-others')).data.ended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
