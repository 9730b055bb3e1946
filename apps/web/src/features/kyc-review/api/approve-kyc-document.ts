import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';
import { kycReviewQueryKey } from '@/features/kyc-review/api/get-kyc-review-queue';

export async function approveKycDocument(id: string): Promise<KycDocument> {
  const response = await api.post<KycDocument>(
    `/operator/kyc/documents/${encodeURIComponent(id)}/approve`,
  );
  return response.data;
}

/** After a decision (or a refusal: someone else decided first) every status list is stale. */
export function useApproveKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveKycDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycReviewQueryKey }),
  });
}
