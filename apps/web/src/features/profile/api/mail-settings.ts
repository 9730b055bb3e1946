import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailSettings, MailSettingsRequest } from '@portal/contract/mail';
import { api } from '@/lib/api-client';

/** The transaction mails' switch and the language mails are written in (docs/decisions/027). */
const mailSettingsQueryKey = ['profile', 'mail-settings'] as const;

export const mailSettingsQuery = () =>
  queryOptions({
    queryKey: mailSettingsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<MailSettings>('/profile/mail-settings', { signal })).data,
  });

export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: MailSettingsRequest) =>
      (await api.put<MailSettings>('/profile/mail-settings', change)).data,
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsQueryKey, saved),
  });
}
