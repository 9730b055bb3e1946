import '@mantine/dropzone/styles.css';
import { useId, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconId,
  IconIdBadge,
  IconPhotoScan,
  IconBook2,
  IconTrash,
  IconUpload,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_KYC_FILE_BYTES, type KycDocument, type KycDocumentKind } from '@portal/contract/kyc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FilePreview, formatFileSize } from '@/components/ui/file-preview';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useDeleteKycDocument } from '@/features/kyc/api/delete-kyc-document';
import { useUploadKycDocument } from '@/features/kyc/api/upload-kyc-document';
import {
  acceptedTypes,
  acceptsPdf,
  refusalOf,
  refusalOfRejection,
  type FileRefusal,
} from '@/features/kyc/file-rules';
import { KycStatusBadge } from '@/components/ui/kyc-status-badge';
import { StoredFilePreview } from '@/features/kyc/components/stored-file-preview';

const icons: Record<KycDocumentKind, Icon> = {
  id_front: IconId,
  id_back: IconIdBadge,
  selfie: IconPhotoScan,
  bank_book: IconBook2,
};

/**
 * One verification document: its status, the stored file, and (until it is approved) a dropzone
 * to submit or replace it, with a preview of the picked file before it is sent.
 */
export function KycDocumentCard({
  kind,
  document,
}: {
  kind: KycDocumentKind;
  document: KycDocument | null;
}) {
  const { t, i18n } = useTranslation(['kyc', 'errors']);
  const titleId = useId();
  const hintId = useId();
  const openPicker = useRef<() => void>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);
  const upload = useUploadKycDocument();
  const remove = useDeleteKycDocument();

  const title = t(`kinds.${kind}.title`);
  const status = document?.status ?? 'not_submitted';
  const approved = status === 'approved';
  const KindIcon = icons[kind];
  const limit = formatFileSize(MAX_KYC_FILE_BYTES, i18n.language);

  const refuse = (refusal: FileRefusal) => {
    setPicked(null);
    setProblem(t(`refusals.${refusal}`, { limit }));
  };

  const pick = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    if (files.length > 1) return refuse('oneFile');
    const refusal = refusalOf(kind, file);
    if (refusal) return refuse(refusal);
    setProblem(null);
    setPicked(file);
  };

  const send = async () => {
    if (!picked) return;
    setProblem(null);
    try {
      await upload.mutateAsync({ kind, file: picked });
      setPicked(null);
      toast('success', { message: t('card.uploaded', { document: title }) });
    } catch (error) {
      setProblem(errorMessage(t, error));
    }
  };

  const withdraw = async () => {
    if (!document) return;
    try {
      await remove.mutateAsync(document.id);
      confirm.close();
      toast('success', { message: t('card.deleted', { document: title }) });
    } catch (error) {
      confirm.close();
      setProblem(errorMessage(t, error));
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-kind={kind}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            <KindIcon size={22} />
          </ThemeIcon>
          <Stack gap={6} align="flex-start" style={{ minWidth: 0 }}>
            <div>
              <Title order={3} fz="md" id={titleId}>
                {title}
              </Title>
              <Text fz="sm" c="dark.6" id={hintId}>
                {t(`kinds.${kind}.hint`)}
              </Text>
            </div>
            <KycStatusBadge status={status} />
          </Stack>
        </Group>

        {status === 'rejected' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="note" // Mantine's default "alert" would announce it on every render
          >
            {t('card.rejectedReason', { reason: document?.rejectionReason ?? t('card.noReason') })}
          </Alert>
        ) : null}

        {document ? (
          <Stack gap={6}>
            <Text fz="xs" fw={600} c="dark.6" tt="uppercase">
              {t('card.stored')}
            </Text>
            <StoredFilePreview document={document} title={title} />
            <Text fz="xs" c="dark.6">
              {t('card.uploadedAt', {
                date: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(document.uploadedAt)),
              })}
            </Text>
          </Stack>
        ) : null}

        {approved ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
            <Text fz="sm" c="dark.7">
              {t('card.approvedNote')}
            </Text>
          </Group>
        ) : picked ? (
          <Stack gap="sm">
            <Text fz="xs" fw={600} c="dark.6" tt="uppercase">
              {t('card.picked')}
            </Text>
            <FilePreview
              blob={picked}
              alt={t('card.pickedAlt', { document: title })}
              fileName={picked.name}
            />
            <Text fz="sm" c="dark.7" style={{ wordBreak: 'break-all' }}>
              {picked.name} · {formatFileSize(picked.size, i18n.language)}
            </Text>
            <Group gap="sm">
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                onClick={() => void send()}
                loading={upload.isPending}
              >
                {document ? t('card.replace') : t('card.upload')}
              </Button>
              <Button variant="default" onClick={() => setPicked(null)} disabled={upload.isPending}>
                {t('card.chooseOther')}
              </Button>
            </Group>
          </Stack>
        ) : (
          // The area takes a dropped file or a click; the keyboard and screen readers get a
          // real button inside it instead of a focusable area, because a focusable area around
          // the file input is a nested control (axe nested-interactive) whose label could not
          // include its visible text.
          <Dropzone
            onDrop={pick}
            onReject={(rejections) => {
              const [first] = rejections;
              if (first) refuse(refusalOfRejection(kind, first));
            }}
            accept={acceptedTypes(kind)}
            maxSize={MAX_KYC_FILE_BYTES}
            multiple={false}
            activateOnKeyboard={false}
            openRef={openPicker}
            p="lg"
          >
            <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={36} color="var(--mantine-color-blue-8)" aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={36} color="var(--mantine-color-red-8)" aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconUpload size={36} color="var(--mantine-color-dark-3)" aria-hidden />
              </Dropzone.Idle>
              <Stack gap={6} align="flex-start">
                <Text fz="sm" fw={600}>
                  {document ? t('dropzone.replace') : t('dropzone.prompt')}
                </Text>
                <Text fz="xs" c="dark.6">
                  {acceptsPdf(kind)
                    ? t('dropzone.rulesWithPdf', { limit })
                    : t('dropzone.rules', { limit })}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  style={{ pointerEvents: 'auto' }}
                  aria-label={
                    document
                      ? t('dropzone.replaceLabel', { document: title })
                      : t('dropzone.label', { document: title })
                  }
                  aria-describedby={hintId}
                  onClick={(event) => {
                    // The area around would open the picker a second time.
                    event.stopPropagation();
                    openPicker.current?.();
                  }}
                >
                  {document ? t('dropzone.chooseNew') : t('dropzone.choose')}
                </Button>
              </Stack>
            </Group>
          </Dropzone>
        )}

        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        ) : null}

        {document && !approved ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={confirm.open}
              aria-label={t('card.deleteLabel', { document: title })}
            >
              {t('card.delete')}
            </Button>
          </Group>
        ) : null}
      </Stack>

      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        onConfirm={() => void withdraw()}
        loading={remove.isPending}
        title={t('card.confirmDeleteTitle')}
        message={t('card.confirmDelete', { document: title })}
        confirmLabel={t('card.delete')}
      />
    </Card>
  );
}
