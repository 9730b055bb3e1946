import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myKycDocumentsQueryKey } from '@/lib/my-kyc-documents';

/** Withdraws a document that is not approved yet. */
export async function deleteKycDocument(id: string): Promise<void> {
  await api.delete(`/kyc/documents/${encodeURIComponent(id)}`);
}

export function useDeleteKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKycDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myKycDocumentsQueryKey }),
  });
}
