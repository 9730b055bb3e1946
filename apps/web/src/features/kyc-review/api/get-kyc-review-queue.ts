import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycReviewItem, KycReviewQueue } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';

export type ReviewStatus = 'submitted' | 'approved' | 'rejected';
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['submitted', 'approved', 'rejected'];

export const kycReviewQueryKey = ['kyc', 'review'] as const;

/** The operator's queue: documents with the given status, oldest first as the server sends them. */
export async function getKycReviewQueue(
  status: ReviewStatus,
  signal?: AbortSignal,
): Promise<KycReviewItem[]> {
  const response = await api.get<KycReviewQueue>('/operator/kyc/documents', {
    params: { status },
    signal,
  });
  return response.data.items;
}

export const kycReviewQueueQueryOptions = (status: ReviewStatus) =>
  queryOptions({
    queryKey: [...kycReviewQueryKey, status],
    queryFn: ({ signal }) => getKycReviewQueue(status, signal),
  });

export const useKycReviewQueue = (status: ReviewStatus) =>
  useQuery(kycReviewQueueQueryOptions(status));
