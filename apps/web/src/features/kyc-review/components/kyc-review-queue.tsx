import { useState } from 'react';
import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kycReviewQuerySchema, type KycReviewItem } from '@portal/contract/kyc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList, type ListColumn } from '@/components/ui/responsive-list';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/form-errors';
import { formatKoreaDateTime } from '@/lib/format';
import { toast } from '@/lib/notifications';
import { useListState } from '@/lib/use-list-state';
import { useApproveKycDocument } from '@/features/kyc-review/api/approve-kyc-document';
import {
  REVIEW_STATUSES,
  useKycReviewQueue,
  type ReviewStatus,
} from '@/features/kyc-review/api/get-kyc-review-queue';
import { PreviewDialog } from '@/features/kyc-review/components/preview-dialog';
import { RejectDialog } from '@/features/kyc-review/components/reject-dialog';
import { ReviewActions } from '@/features/kyc-review/components/review-actions';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The operator's KYC queue: look at each document, then approve it or reject it with a reason.
 * The status shown is in the address (?status=approved), so a reload keeps it.
 */
export function KycReviewQueue() {
  const { t, i18n } = useTranslation(['kycReview', 'kyc', 'errors']);
  const view = useListState(kycReviewQuerySchema);
  const { status } = view.query;
  const [previewing, setPreviewing] = useState<KycReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<KycReviewItem | null>(null);
  // An approval cannot be undone (the document can no longer be replaced, the name locks), so
  // it asks first, like every other decision that cannot be taken back.
  const [approving, setApproving] = useState<KycReviewItem | null>(null);
  const queue = useKycReviewQueue(status);
  const approve = useApproveKycDocument();
  // A table needs room; on a phone each document is a card.

  // Korea's time, as on every other screen.
  const formatDate = (value: string | null) => formatKoreaDateTime(value, i18n.language);
  const documentOf = (item: KycReviewItem) => t(`kyc:kinds.${item.kind}.title`);

  const approveItem = async (item: KycReviewItem) => {
    const document = documentOf(item);
    try {
      await approve.mutateAsync(item.id);
      setApproving(null);
      setPreviewing(null);
      toast('success', { message: t('approve.done', { document, name: item.user.name }) });
    } catch (error) {
      const already = apiErrorOf(error)?.code === 'KYC_ALREADY_REVIEWED';
      setApproving(null);
      toast(already ? 'warning' : 'error', { message: errorMessage(t, error) });
    }
  };

  const actionsFor = (item: KycReviewItem, { withPreview = true, wrap = true } = {}) => (
    <ReviewActions
      item={item}
      wrap={wrap}
      approving={approve.isPending && approve.variables === item.id}
      busy={approve.isPending}
      onPreview={withPreview ? () => setPreviewing(item) : undefined}
      onApprove={() => setApproving(item)}
      onReject={() => {
        setPreviewing(null);
        setRejecting(item);
      }}
    />
  );

  const items = queue.data ?? [];
  const decided = status !== 'submitted';

  const reviewedColumn: ListColumn<(typeof items)[number]> = {
    header: t('columns.reviewedAt'),
    cell: (item) => (
      <>
        <Text fz="sm">{formatDate(item.reviewedAt)}</Text>
        {item.reviewedBy ? (
          <Text fz="xs" c="dark.6">
            {t('reviewedBy', { name: item.reviewedBy.name })}
          </Text>
        ) : null}
        {item.rejectionReason ? (
          <Text fz="xs" c="dark.6">
            {item.rejectionReason}
          </Text>
        ) : null}
      </>
    ),
  };

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel', { status: t(`filter.${status}`) })}
      itemKey={(item) => item.id}
      minWidth={760}
      highlightOnHover
      cardGap={6}
      columns={[
        {
          header: t('columns.name'),
          cell: (item) => (
            <Text fz="sm" fw={600}>
              {item.user.name}
            </Text>
          ),
        },
        {
          header: t('columns.email'),
          cell: (item) => (
            <Text fz="sm" style={breakAnywhere}>
              {item.user.email}
            </Text>
          ),
        },
        {
          header: t('columns.document'),
          cell: (item) => <Text fz="sm">{t(`kyc:kinds.${item.kind}.title`)}</Text>,
        },
        {
          header: t('columns.uploadedAt'),
          cell: (item) => <Text fz="sm">{formatDate(item.uploadedAt)}</Text>,
        },
        ...(decided ? [reviewedColumn] : []),
        {
          header: t('columns.actions'),
          align: 'right',
          cellProps: { style: { width: '1%' } },
          cell: (item) => actionsFor(item, { wrap: false }),
        },
      ]}
      card={(item) => (
        <>
          <Text fw={600}>{item.user.name}</Text>
          <Text fz="sm" c="dark.7" style={breakAnywhere}>
            {item.user.email}
          </Text>
          <Text fz="sm">{t(`kyc:kinds.${item.kind}.title`)}</Text>
          <Text fz="xs" c="dark.6">
            {t('uploadedAt', { date: formatDate(item.uploadedAt) })}
            {decided ? ` · ${t('reviewedAt', { date: formatDate(item.reviewedAt) })}` : ''}
          </Text>
          {decided && item.reviewedBy ? (
            <Text fz="xs" c="dark.6">
              {t('reviewedBy', { name: item.reviewedBy.name })}
            </Text>
          ) : null}
          {item.rejectionReason ? (
            <Text fz="xs" c="dark.6">
              {item.rejectionReason}
            </Text>
          ) : null}
          <Group justify="flex-start" mt={4}>
            {actionsFor(item)}
          </Group>
        </>
      )}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={status}
          onChange={(value) => view.change({ status: value as ReviewStatus })}
          data={REVIEW_STATUSES.map((value) => ({ value, label: t(`filter.${value}`) }))}
        />
        {queue.data ? (
          <Text fz="sm" c="dark.6" aria-live="polite">
            {t('count', { count: queue.data.length })}
          </Text>
        ) : null}
      </Group>

      <Paper withBorder radius="md">
        <ListState
          query={queue}
          isEmpty={items.length === 0}
          empty={{ icon: IconInbox, title: t(`empty.${status}`) }}
        >
          {list}
        </ListState>
      </Paper>

      <PreviewDialog
        item={previewing}
        onClose={() => setPreviewing(null)}
        actions={previewing ? actionsFor(previewing, { withPreview: false }) : null}
      />
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDialog
        opened={approving !== null}
        title={t('approve.title')}
        message={
          approving
            ? t('approve.lead', { document: documentOf(approving), name: approving.user.name })
            : ''
        }
        confirmLabel={t('approve.submit')}
        confirmColor="teal.9"
        loading={approve.isPending}
        onConfirm={() => {
          if (approving) void approveItem(approving);
        }}
        onClose={() => setApproving(null)}
      />
    </Stack>
  );
}
