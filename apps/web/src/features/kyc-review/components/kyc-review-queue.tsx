import { useState } from 'react';
import { Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KycReviewItem } from '@portal/contract/kyc';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useApproveKycDocument } from '@/features/kyc-review/api/approve-kyc-document';
import {
  REVIEW_STATUSES,
  useKycReviewQueue,
  type ReviewStatus,
} from '@/features/kyc-review/api/get-kyc-review-queue';
import { PreviewDialog } from '@/features/kyc-review/components/preview-dialog';
import { RejectDialog } from '@/features/kyc-review/components/reject-dialog';
import { ReviewActions } from '@/features/kyc-review/components/review-actions';
import { usePhone } from '@/lib/use-phone';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The operator's KYC queue: look at each document, then approve it or reject it with a reason. */
export function KycReviewQueue() {
  const { t, i18n } = useTranslation(['kycReview', 'kyc', 'errors']);
  const [status, setStatus] = useState<ReviewStatus>('submitted');
  const [previewing, setPreviewing] = useState<KycReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<KycReviewItem | null>(null);
  const queue = useKycReviewQueue(status);
  const approve = useApproveKycDocument();
  // A table needs room; on a phone each document is a card.
  const phone = usePhone();

  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const formatDate = (value: string | null) => (value ? dateTime.format(new Date(value)) : '—');

  const approveItem = async (item: KycReviewItem) => {
    const document = t(`kyc:kinds.${item.kind}.title`);
    try {
      await approve.mutateAsync(item.id);
      setPreviewing(null);
      toast('success', { message: t('approve.done', { document, name: item.user.name }) });
    } catch (error) {
      const already = apiErrorOf(error)?.code === 'KYC_ALREADY_REVIEWED';
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
      onApprove={() => void approveItem(item)}
      onReject={() => {
        setPreviewing(null);
        setRejecting(item);
      }}
    />
  );

  const items = queue.data ?? [];
  const decided = status !== 'submitted';

  const table = (
    <Table.ScrollContainer minWidth={760}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        aria-label={t('tableLabel', { status: t(`filter.${status}`) })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.email')}</Table.Th>
            <Table.Th>{t('columns.document')}</Table.Th>
            <Table.Th>{t('columns.uploadedAt')}</Table.Th>
            {decided ? <Table.Th>{t('columns.reviewedAt')}</Table.Th> : null}
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {item.user.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={breakAnywhere}>
                  {item.user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{t(`kyc:kinds.${item.kind}.title`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{formatDate(item.uploadedAt)}</Text>
              </Table.Td>
              {decided ? (
                <Table.Td>
                  <Text fz="sm">{formatDate(item.reviewedAt)}</Text>
                  {item.rejectionReason ? (
                    <Text fz="xs" c="dark.6">
                      {item.rejectionReason}
                    </Text>
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td style={{ width: '1%' }}>{actionsFor(item, { wrap: false })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const cards = (
    <CardList
      items={items}
      label={t('tableLabel', { status: t(`filter.${status}`) })}
      itemKey={(item) => item.id}
      gap={6}
    >
      {(item) => (
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
    </CardList>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={status}
          onChange={(value) => setStatus(value as ReviewStatus)}
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
          {phone ? cards : table}
        </ListState>
      </Paper>

      <PreviewDialog
        item={previewing}
        onClose={() => setPreviewing(null)}
        actions={previewing ? actionsFor(previewing, { withPreview: false }) : null}
      />
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
