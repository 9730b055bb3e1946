import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyNameChangeResponse, NameChangeRequest } from '@portal/contract/name-change';
import { api } from '@/lib/api-client';

/**
 * Whether the user's name is locked (an identity document approved) and their latest name-change
 * request (docs/decisions/010).
 */
export const myNameChangeQueryKey = ['profile', 'name-change'] as const;

export const myNameChangeQueryOptions = () =>
  queryOptions({
    queryKey: myNameChangeQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<MyNameChangeResponse>('/profile/name-change', { signal })).data,
  });

export const useMyNameChange = () => useQuery(myNameChangeQueryOptions());

/** Sends the new name with the new identity document, as multipart/form-data. */
export async function requestNameChange(input: {
  name: string;
  file: File;
}): Promise<NameChangeRequest> {
  const body = new FormData();
  body.append('name', input.name);
  body.append('file', input.file, input.file.name);
  const response = await api.post<NameChangeRequest>('/profile/name-change', body);
  return response.data;
}

export function useRequestNameChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestNameChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myNameChangeQueryKey }),
  });
}
