import { useCallback } from 'react';
import { Anchor, Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFileTypePdf, IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A ref that points an <img> or <a> at a blob through an object URL, and revokes the URL when the
 * element goes away or the blob changes (a ref cleanup, so each mount gets a URL of its own).
 */
export function useObjectUrlRef<T extends HTMLImageElement | HTMLAnchorElement>(blob: Blob) {
  return useCallback(
    (node: T | null) => {
      if (!node) return;
      const url = URL.createObjectURL(blob);
      if (node instanceof HTMLImageElement) node.src = url;
      else node.href = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

const IMAGE_TYPE = /^image\/(?:jpeg|png|webp|gif)$/;

/** Human file sizes: 512 B, 48 KB, 3.2 MB. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/**
 * Shows a file held in memory (a picked file, or one fetched with the API client): an image as
 * itself, anything else (a PDF) as an icon with a link that saves it. Never a URL to the API, whose
 * every call must carry headers an <img> cannot send.
 */
export function FilePreview({
  blob,
  alt,
  fileName,
  maxHeight = 180,
}: {
  blob: Blob;
  /** What the image shows, for screen readers. */
  alt: string;
  /** The name a saved copy gets. */
  fileName: string;
  maxHeight?: number;
}) {
  const { t } = useTranslation('common');
  const imageRef = useObjectUrlRef<HTMLImageElement>(blob);
  const linkRef = useObjectUrlRef<HTMLAnchorElement>(blob);

  if (IMAGE_TYPE.test(blob.type)) {
    return (
      <Box
        bg="gray.1"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        h={maxHeight}
      >
        <img
          ref={imageRef}
          alt={alt}
          style={{ display: 'block', width: '100%', height: maxHeight, objectFit: 'contain' }}
        />
      </Box>
    );
  }

  const isPdf = blob.type === 'application/pdf';
  const FileIcon = isPdf ? IconFileTypePdf : IconFile;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      p="md"
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ThemeIcon variant="light" color={isPdf ? 'red' : 'gray'} size={44} radius="md" aria-hidden>
        <FileIcon size={26} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600} truncate="end">
          {isPdf ? t('file.pdf') : t('file.document')}
        </Text>
        <Anchor ref={linkRef} download={fileName} fz="sm" fw={600}>
          {t('file.open')}
          <VisuallyHidden> ({alt})</VisuallyHidden>
        </Anchor>
      </div>
    </Group>
  );
}
