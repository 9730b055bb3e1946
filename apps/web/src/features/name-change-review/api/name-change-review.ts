import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NameChangeRequest,
  NameChangeReviewItem,
  NameChangeReviewQueueResponse,
  RejectNameChangeRequest,
} from '@portal/contract/name-change';
import { api } from '@/lib/api-client';

/** The operator's side of name changes (docs/decisions/010): the waiting requests, oldest first. */
export const nameChangeReviewQueryKey = ['operator', 'name-changes'] as const;

export const nameChangeQueueQueryOptions = () =>
  queryOptions({
    queryKey: nameChangeReviewQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<NameChangeReviewQueueResponse>('/operator/name-changes', { signal })).data
        .items,
  });

export const useNameChangeQueue = () => useQuery(nameChangeQueueQueryOptions());

/** The identity document sent with a request, as a blob for the preview. */
export function useNameChangeDocument(item: NameChangeReviewItem | null) {
  return useQuery({
    queryKey: ['operator', 'name-changes', 'file', item?.id],
    queryFn: async ({ signal }) => {
      const response = await api.get<Blob>(
        `/operator/name-changes/${encodeURIComponent(item!.id)}/file`,
        { responseType: 'blob', signal },
      );
      const blob = response.data;
      return blob.type ? blob : new Blob([blob], { type: item!.contentType });
    },
    enabled: item !== null,
    // A stored file never changes.
    staleTime: Infinity,
  });
}

type Decision = { id: string; approve: true } | { id: string; reject: RejectNameChangeRequest };

export async function decideNameChange(decision: Decision): Promise<NameChangeRequest> {
  const id = encodeURIComponent(decision.id);
  const response =
    'approve' in decision
      ? await api.post<NameChangeRequest>(`/operator/name-changes/${id}/approve`)
      : await api.post<NameChangeRequest>(`/operator/name-changes/${id}/reject`, decision.reject);
  return response.data;
}

/** After a decision (or a refusal: someone else decided first) the queue is stale. */
export function useDecideNameChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideNameChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: nameChangeReviewQueryKey }),
  });
}
