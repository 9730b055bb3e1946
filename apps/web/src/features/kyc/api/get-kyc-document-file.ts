import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycDocument } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';

/**
 * The stored file of one of the user's documents, as a blob to show through an object URL (the
 * API needs its headers, which an <img src> cannot send). A document's file never changes, so it
 * is fetched once per document.
 */
export async function getKycDocumentFile(
  document: Pick<KycDocument, 'id' | 'contentType'>,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await api.get<Blob>(`/kyc/documents/${encodeURIComponent(document.id)}/file`, {
    responseType: 'blob',
    signal,
  });
  const blob = response.data;
  return blob.type ? blob : new Blob([blob], { type: document.contentType });
}

export const kycDocumentFileQueryOptions = (document: Pick<KycDocument, 'id' | 'contentType'>) =>
  queryOptions({
    queryKey: ['kyc', 'file', document.id],
    queryFn: ({ signal }) => getKycDocumentFile(document, signal),
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });

export const useKycDocumentFile = (document: Pick<KycDocument, 'id' | 'contentType'>) =>
  useQuery(kycDocumentFileQueryOptions(document));
