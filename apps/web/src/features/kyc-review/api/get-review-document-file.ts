import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycReviewItem } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';

type FileRef = Pick<KycReviewItem, 'id' | 'contentType'>;

/** A document's file, for the operator to look at; fetched as a blob, shown via an object URL. */
export async function getReviewDocumentFile(
  document: FileRef,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await api.get<Blob>(`/kyc/documents/${encodeURIComponent(document.id)}/file`, {
    responseType: 'blob',
    signal,
  });
  const blob = response.data;
  return blob.type ? blob : new Blob([blob], { type: document.contentType });
}

export const reviewDocumentFileQueryOptions = (document: FileRef) =>
  queryOptions({
    queryKey: ['kyc', 'file', document.id],
    queryFn: ({ signal }) => getReviewDocumentFile(document, signal),
    // A stored file never changes.
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });

export const useReviewDocumentFile = (document: FileRef, enabled: boolean) =>
  useQuery({ ...reviewDocumentFileQueryOptions(document), enabled });
