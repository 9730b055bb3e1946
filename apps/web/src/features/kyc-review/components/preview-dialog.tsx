import type { ReactNode } from 'react';
import { Alert, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KycReviewItem } from '@portal/contract/kyc';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { FilePreview } from '@/components/ui/file-preview';
import { errorMessage } from '@/lib/form-errors';
import { useReviewDocumentFile } from '@/features/kyc-review/api/get-review-document-file';

/** The document's file, large enough to read a name and a number on it. */
export function PreviewDialog({
  item,
  onClose,
  actions,
}: {
  item: KycReviewItem | null;
  onClose: () => void;
  /** Approve and Reject, so the decision can follow the look. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation(['kycReview', 'kyc', 'common', 'errors']);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      size="xl"
      title={
        item
          ? t('preview.title', {
              document: t(`kyc:kinds.${item.kind}.title`),
              name: item.user.name,
            })
          : ''
      }
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {item ? <PreviewBody item={item} /> : null}
      {actions ? (
        <Group justify="flex-end" mt="md">
          {actions}
        </Group>
      ) : null}
    </Modal>
  );
}

function PreviewBody({ item }: { item: KycReviewItem }) {
  const { t } = useTranslation(['kycReview', 'kyc', 'errors']);
  const file = useReviewDocumentFile(item, true);
  const document = t(`kyc:kinds.${item.kind}.title`);
  if (file.isPending) return <Skeleton h={420} radius="md" aria-label={t('preview.loading')} />;
  if (file.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(t, file.error)}
      </Alert>
    );
  }
  const extension = item.contentType.split('/')[1] ?? 'bin';
  return (
    <Stack gap="sm">
      <FilePreview
        blob={file.data}
        alt={t('preview.alt', { document, name: item.user.name })}
        fileName={`${item.user.name}-${item.kind}.${extension}`}
        maxHeight={520}
      />
      <Text fz="sm" c="dark.6">
        {item.user.name} · {item.user.email}
      </Text>
    </Stack>
  );
}
