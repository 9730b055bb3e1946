import { queryOptions, useQuery } from '@tanstack/react-query';
import { KYC_DOCUMENT_KINDS, type MyKycDocumentsResponse } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's identity documents: what the Profile's verification section shows, and
 * whether the user may buy and sell yet (all four approved, docs/decisions/010).
 */
export const myKycDocumentsQueryKey = ['kyc', 'documents'] as const;

/** The current document of each of the four kinds (null: not submitted). */
export async function getMyKycDocuments(
  signal?: AbortSignal,
): Promise<MyKycDocumentsResponse['documents']> {
  const response = await api.get<MyKycDocumentsResponse>('/kyc/documents', { signal });
  return response.data.documents;
}

export const myKycDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: myKycDocumentsQueryKey,
    queryFn: ({ signal }) => getMyKycDocuments(signal),
  });

export const useMyKycDocuments = () => useQuery(myKycDocumentsQueryOptions());

/** true when all four documents are approved; undefined while loading or unknown. */
export function useIdentityVerified(): boolean | undefined {
  const documents = useMyKycDocuments();
  if (!documents.data) return undefined;
  return KYC_DOCUMENT_KINDS.every((kind) => documents.data[kind]?.status === 'approved');
}
