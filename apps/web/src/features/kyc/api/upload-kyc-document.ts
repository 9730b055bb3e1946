import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, KycDocumentKind } from '@portal/contract/kyc';
import { api } from '@/lib/api-client';
import { myKycDocumentsQueryKey } from '@/lib/my-kyc-documents';

/** Uploads one document as multipart/form-data (one field, `file`). */
export async function uploadKycDocument(input: {
  kind: KycDocumentKind;
  file: File;
}): Promise<KycDocument> {
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  const response = await api.post<KycDocument>(`/kyc/documents/${input.kind}`, body);
  return response.data;
}

export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadKycDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myKycDocumentsQueryKey }),
  });
}
