import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KycDocument } from '@portal/contract/kyc';
import { FilePreview } from '@/components/ui/file-preview';
import { errorMessage } from '@/lib/form-errors';
import { useKycDocumentFile } from '@/features/kyc/api/get-kyc-document-file';

/** The file stored for a document, fetched through the API client. */
export function StoredFilePreview({ document, title }: { document: KycDocument; title: string }) {
  const { t } = useTranslation(['kyc', 'errors']);
  const file = useKycDocumentFile(document);
  if (file.isPending) return <Skeleton h={180} radius="md" />;
  if (file.isError) {
    return (
      <Text fz="sm" c="red.8">
        {errorMessage(t, file.error)}
      </Text>
    );
  }
  const extension = document.contentType.split('/')[1] ?? 'bin';
  return (
    <FilePreview
      blob={file.data}
      alt={t('card.storedAlt', { document: title })}
      fileName={`${document.kind}.${extension}`}
    />
  );
}
