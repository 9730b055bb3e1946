import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyKycDocumentsResponse } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';

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
