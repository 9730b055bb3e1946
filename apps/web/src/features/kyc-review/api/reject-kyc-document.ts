import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, RejectKycDocumentRequest } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';
import { kycReviewQueryKey } from '@/features/kyc-review/api/get-kyc-review-queue';

export async function rejectKycDocument(input: {
  id: string;
  body: RejectKycDocumentRequest;
}): Promise<KycDocument> {
  const response = await api.post<KycDocument>(
    `/operator/kyc/documents/${encodeURIComponent(input.id)}/reject`,
    input.body,
  );
  return response.data;
}

export function useRejectKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectKycDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycReviewQueryKey }),
  });
}
