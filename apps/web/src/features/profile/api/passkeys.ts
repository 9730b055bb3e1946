import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailLanguage } from '@portal/contract/auth';
import type { AddPasskeyRequest, Passkey, PasskeyOptionsResponse } from '@portal/contract/passkeys';
import { api } from '@/lib/api-client';
import { makePasskey, passkeysQueryKey } from '@/lib/auth/passkey';

/**
 * Passkeys on Profile (docs/decisions/025): adding one is the server's options, the browser's
 * prompt, and the new passkey sent back with its name; removing one is one call. Both are
 * security changes, which the step-up dialog may ask to confirm first (the HTTP client).
 */
function usePasskeyMutation<Body>(send: (body: Body) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export const useAddPasskey = () =>
  usePasskeyMutation(async (body: { name: string; language: MailLanguage }) => {
    const { options } = (await api.post<PasskeyOptionsResponse>('/profile/passkeys/options')).data;
    const credential = await makePasskey(options);
    return (
      await api.post<Passkey>('/profile/passkeys', {
        credential,
        ...(body.name ? { name: body.name } : {}),
        language: body.language,
      } satisfies AddPasskeyRequest)
    ).data;
  });

export const useRemovePasskey = () =>
  usePasskeyMutation(async ({ id, language }: { id: string; language: MailLanguage }) => {
    await api.delete(`/profile/passkeys/${id}`, { params: { language } });
  });
