import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, KycDocumentKind } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';
import { myKycDocumentsQueryKey } from '@/lib/my-kyc-documents';

/**
 * Uploads one document as multipart/form-data (one field, `file`). The JSON content type of the
 * shared client is replaced so that the browser writes the multipart boundary itself.
 */
export async function uploadKycDocument(input: {
  kind: KycDocumentKind;
  file: File;
}): Promise<KycDocument> {
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  const response = await api.post<KycDocument>(`/kyc/documents/${input.kind}`, body, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
  return response.data;
}

export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myKycDocumentsQueryKey }),
  });
}
