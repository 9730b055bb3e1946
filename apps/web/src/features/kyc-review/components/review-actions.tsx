import { Button, Group } from '@mantine/core';
import { IconCheck, IconEye, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KycReviewItem } from '@portal/contract/kyc';

/** Preview, and for a document still waiting, Approve and Reject: each named with whose and what. */
export function ReviewActions({
  item,
  approving,
  busy,
  onPreview,
  onApprove,
  onReject,
  wrap = true,
}: {
  item: KycReviewItem;
  /** Let the buttons wrap onto a second line (cards), or keep them on one (table rows). */
  wrap?: boolean;
  /** This item's approval is being sent. */
  approving: boolean;
  /** Some approval is being sent. */
  busy: boolean;
  onPreview?: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation(['kycReview', 'kyc']);
  const labels = { document: t(`kyc:kinds.${item.kind}.title`), name: item.user.name };
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'} justify="flex-end">
      {onPreview ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={onPreview}
          aria-label={t('actions.previewLabel', labels)}
        >
          {t('actions.preview')}
        </Button>
      ) : null}
      {item.status === 'submitted' ? (
        <>
          <Button
            size="xs"
            color="teal.9"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={onApprove}
            loading={approving}
            disabled={busy && !approving}
            aria-label={t('actions.approveLabel', labels)}
          >
            {t('actions.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={onReject}
            aria-label={t('actions.rejectLabel', labels)}
          >
            {t('actions.reject')}
          </Button>
        </>
      ) : null}
    </Group>
  );
}
