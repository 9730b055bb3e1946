import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Approval } from '@portal/contract/approvals';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { useMinuteClock, Waited, waitedMinutes, waitedRowProps } from '@/components/ui/waited';
import { formatKoreaDateTime } from '@/lib/format';
import { useUser } from '@/lib/user/user-context';
import type { Asked } from '@/features/approvals/components/approval-dialogs';
import { ApprovalChange } from '@/features/approvals/components/approval-change';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

const STATUS_COLORS: Record<Approval['status'], string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};

/** A pending approval waits since it was asked for; a decided or withdrawn one no longer. */
const pendingSince = (approval: Approval) =>
  approval.status === 'pending' ? approval.requestedAt : null;

/** The approvals of one page: a table on a desktop, cards on a phone. */
export function ApprovalList({
  items,
  label,
  onAsk,
}: {
  items: readonly Approval[];
  label: string;
  onAsk: (asked: Asked) => void;
}) {
  const { t, i18n } = useTranslation(['approvals', 'common']);
  const { user: me } = useUser();
  const now = useMinuteClock();
  const at = (iso: string) => formatKoreaDateTime(iso, i18n.language);
  const kindOf = (approval: Approval) => t(`common:approvals.kinds.${approval.action.kind}`);

  const what = (approval: Approval) => (
    <Text fz="sm" fw={700}>
      {kindOf(approval)}
    </Text>
  );
  const requested = (approval: Approval) => (
    <Stack gap={2}>
      <Text fz="sm" style={breakAnywhere}>
        {approval.requestedBy.name}
      </Text>
      <Text fz="xs" c="dark.6">
        {at(approval.requestedAt)}
      </Text>
      {approval.status === 'pending' ? (
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dark.6">
            {t('waited')}
          </Text>
          <Waited since={pendingSince(approval)} now={now} />
        </Group>
      ) : null}
    </Stack>
  );
  const decision = (approval: Approval, withBadge = true) => (
    <Stack gap={2} align="flex-start">
      {withBadge ? (
        <Badge color={STATUS_COLORS[approval.status]} variant="light" radius="sm" tt="none">
          {t(`common:approvals.statuses.${approval.status}`)}
        </Badge>
      ) : null}
      {approval.decidedBy && approval.decidedAt ? (
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {t('decidedBy', { name: approval.decidedBy.name, at: at(approval.decidedAt) })}
        </Text>
      ) : approval.status === 'withdrawn' && approval.decidedAt ? (
        <Text fz="xs" c="dark.6">
          {at(approval.decidedAt)}
        </Text>
      ) : null}
      {approval.rejectionReason ? (
        <Text fz="xs" c="red.9" style={breakAnywhere}>
          {t('rejectionReason', { reason: approval.rejectionReason })}
        </Text>
      ) : null}
      {approval.failure ? (
        <Text fz="xs" c="red.9" style={breakAnywhere}>
          {t('failure', { message: approval.failure.message, code: approval.failure.code })}
        </Text>
      ) : null}
    </Stack>
  );
  const actions = (approval: Approval) => {
    if (approval.status !== 'pending') return null;
    const kind = kindOf(approval);
    const who = approval.requestedBy.name;
    if (approval.requestedBy.id === me.id) {
      return (
        <Stack gap={4} align="flex-end">
          <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
            {t('own')}
          </Text>
          <Button
            size="xs"
            variant="default"
            aria-label={t('actions.withdrawLabel', { kind })}
            onClick={() => onAsk({ approval, action: 'withdraw' })}
          >
            {t('actions.withdraw')}
          </Button>
        </Stack>
      );
    }
    return (
      <Group gap={6} wrap="nowrap" justify="flex-end">
        <Button
          size="xs"
          color="teal.9"
          aria-label={t('actions.approveLabel', { kind, name: who })}
          onClick={() => onAsk({ approval, action: 'approve' })}
        >
          {t('actions.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={t('actions.rejectLabel', { kind, name: who })}
          onClick={() => onAsk({ approval, action: 'reject' })}
        >
          {t('actions.reject')}
        </Button>
      </Group>
    );
  };

  return (
    <ResponsiveList
      items={items}
      label={label}
      itemKey={(approval) => approval.id}
      minWidth={860}
      rowProps={(approval) => waitedRowProps(waitedMinutes(pendingSince(approval), now))}
      columns={[
        {
          header: t('columns.what'),
          cellProps: { style: { width: '14%' } },
          cell: what,
        },
        {
          header: t('columns.change'),
          cell: (approval) => <ApprovalChange action={approval.action} />,
        },
        {
          header: t('columns.requested'),
          cellProps: { style: { width: '18%' } },
          cell: requested,
        },
        {
          header: t('columns.status'),
          cellProps: { style: { width: '15%' } },
          cell: (approval) => decision(approval),
        },
        {
          header: t('columns.actions'),
          align: 'right',
          // Never squeezed: a button cut in half is no button (docs/decisions/021).
          cellProps: { style: { width: '1%', whiteSpace: 'nowrap' } },
          cell: actions,
        },
      ]}
      card={(approval) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {what(approval)}
            <Badge color={STATUS_COLORS[approval.status]} variant="light" radius="sm" tt="none">
              {t(`common:approvals.statuses.${approval.status}`)}
            </Badge>
          </Group>
          <ApprovalChange action={approval.action} />
          <Text fz="xs" c="dark.6" style={breakAnywhere}>
            {t('requestedBy', { name: approval.requestedBy.name, at: at(approval.requestedAt) })}
          </Text>
          {approval.status === 'pending' ? (
            <Group gap={6} wrap="nowrap">
              <Text fz="xs" c="dark.6">
                {t('waited')}
              </Text>
              <Waited since={pendingSince(approval)} now={now} />
            </Group>
          ) : (
            decision(approval, false)
          )}
          {approval.status === 'pending' ? (
            <Group mt={6} justify="flex-start">
              {actions(approval)}
            </Group>
          ) : null}
        </>
      )}
    />
  );
}
