import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Approval } from '@portal/contract/approvals';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { formatKoreaDateTime } from '@/lib/format';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;
const STATUS_COLORS: Record<Approval['status'], string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  withdrawn: 'gray',
};

/**
 * The operator's view of the approvals asked for on a transaction (docs/decisions/017): what was
 * asked, who asked and when, who decided and how. The queue is where one is decided.
 */
export function TransactionApprovals({ approvals }: { approvals: Approval[] }) {
  const { t, i18n } = useTranslation(['transactions', 'common']);
  const at = (iso: string) => formatKoreaDateTime(iso, i18n.language);
  const kind = (approval: Approval) => t(`common:approvals.kinds.${approval.action.kind}`);
  const status = (approval: Approval) => (
    <Badge color={STATUS_COLORS[approval.status]} variant="light" radius="sm" tt="none">
      {t(`common:approvals.statuses.${approval.status}`)}
    </Badge>
  );
  const asked = (approval: Approval) =>
    t('approvals.person', { name: approval.requestedBy.name, at: at(approval.requestedAt) });
  const decided = (approval: Approval) => (
    <Stack gap={2}>
      <Text fz="sm" style={breakAnywhere}>
        {approval.decidedBy && approval.decidedAt
          ? t('approvals.person', { name: approval.decidedBy.name, at: at(approval.decidedAt) })
          : '—'}
      </Text>
      {approval.rejectionReason ? (
        <Text fz="xs" c="red.9" style={breakAnywhere}>
          {t('approvals.reason', { reason: approval.rejectionReason })}
        </Text>
      ) : null}
      {approval.failure ? (
        <Text fz="xs" c="red.9" style={breakAnywhere}>
          {t('approvals.failure', { message: approval.failure.message })}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="lg" mb="md">
        {t('approvals.title')}
      </Title>
      {approvals.length === 0 ? (
        <Text fz="sm" c="dark.6">
          {t('approvals.none')}
        </Text>
      ) : (
        <ResponsiveList
          items={approvals}
          label={t('approvals.title')}
          itemKey={(approval) => approval.id}
          minWidth={720}
          columns={[
            { header: t('approvals.columns.kind'), cell: kind },
            { header: t('approvals.columns.status'), cell: status },
            { header: t('approvals.columns.requested'), cell: asked },
            { header: t('approvals.columns.decided'), cell: decided },
          ]}
          card={(approval) => (
            <>
              <Text fz="sm" fw={600}>
                {kind(approval)}
              </Text>
              {status(approval)}
              <Text fz="xs" c="dark.6" style={breakAnywhere}>
                {t('approvals.requestedBy', { person: asked(approval) })}
              </Text>
              {approval.decidedBy ? decided(approval) : null}
            </>
          )}
        />
      )}
      {approvals.some((approval) => approval.status === 'pending') ? (
        <Anchor component={Link} to={paths.app.approvals} fz="sm" mt="sm" display="inline-block">
          {t('approvals.open')}
        </Anchor>
      ) : null}
    </Paper>
  );
}
