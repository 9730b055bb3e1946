import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditEvent,
  type AuditObjectType,
} from '@portal/contract/audit';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDateTime } from '@/lib/format';
import { apiErrorOf } from '@/lib/api-error';
import { ExportButtons } from '@/components/ui/export-buttons';
import { useListState } from '@/lib/use-list-state';
import { useAuditEvents } from '@/features/audit-log/api/get-audit-events';
import { downloadAuditExport } from '@/features/audit-log/api/audit-chain';
import { ChainCheck } from '@/features/audit-log/components/chain-check';
import { AuditFilterForm, auditListState } from '@/features/audit-log/components/audit-filter-form';

const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);
const isObjectType = (value: string): value is AuditObjectType =>
  (AUDIT_OBJECT_TYPES as readonly string[]).includes(value);

/** Details as short "key: value" text; never more than the server chose to keep. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/**
 * The operator's audit log: filter by action, a date range (days in Korea, as the server reads
 * them) and a user's email, then Apply; the filters are in the address, so a view can be shared
 * and Back undoes one. Newest first, 50 at a time with "Load more".
 */
export function AuditLog() {
  const { t, i18n } = useTranslation(['auditLog', 'errors']);
  const view = useListState(auditListState);
  const filters = view.query;
  const events = useAuditEvents(filters);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  // An email nobody has is the API's answer, on the email it was asked about.
  const unknownEmail =
    apiErrorOf(events.error)?.fields?.email === 'userUnknown' ? filters.email : undefined;

  const actionLabel = (action: string) => (isAction(action) ? t(`actions.${action}`) : action);
  const who = (event: AuditEvent) =>
    event.actorEmail ?? (event.actorUserId ? t('deletedUser') : t('nobody'));
  const about = (event: AuditEvent) =>
    event.subjectUserId && event.subjectUserId !== event.actorUserId
      ? (event.subjectEmail ?? t('deletedUser'))
      : null;
  const objectOf = (event: AuditEvent) =>
    event.objectType
      ? `${isObjectType(event.objectType) ? t(`objects.${event.objectType}`) : event.objectType} ${event.objectId ?? ''}`.trim()
      : null;

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(event) => event.id}
      minWidth={900}
      focusableScroll
      columns={[
        {
          header: t('columns.time'),
          cell: (event) => (
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(event.occurredAt, i18n.language)}
            </Text>
          ),
        },
        {
          header: t('columns.action'),
          cell: (event) => (
            <Badge variant="light" radius="sm" tt="none">
              {actionLabel(event.action)}
            </Badge>
          ),
        },
        {
          header: t('columns.actor'),
          cell: (event) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {who(event)}
            </Text>
          ),
        },
        {
          header: t('columns.subject'),
          cell: (event) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {about(event) ?? '—'}
            </Text>
          ),
        },
        {
          header: t('columns.object'),
          cell: (event) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {objectOf(event) ?? '—'}
            </Text>
          ),
        },
        {
          header: t('columns.ip'),
          cell: (event) => (
            <Text fz="sm" ff="monospace">
              {event.ip ?? '—'}
            </Text>
          ),
        },
        {
          header: t('columns.details'),
          cell: (event) => (
            <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {detailsText(event.details) || '—'}
            </Code>
          ),
        },
      ]}
      card={(event) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Badge variant="light" radius="sm" tt="none">
              {actionLabel(event.action)}
            </Badge>
            <Text fz="xs" c="dark.6">
              {formatDateTime(event.occurredAt, i18n.language)}
            </Text>
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('card.actor', { who: who(event) })}
          </Text>
          {about(event) ? (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('card.subject', { who: about(event) })}
            </Text>
          ) : null}
          {objectOf(event) ? (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('card.object', { what: objectOf(event) })}
            </Text>
          ) : null}
          {Object.keys(event.details).length > 0 ? (
            <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {detailsText(event.details)}
            </Code>
          ) : null}
        </>
      )}
    />
  );

  // Whose email is only a filter with an email to match.
  const { emailRole: _emailRole, ...chosen } = filters;
  const filtered = Object.values(chosen).some((value) => value !== undefined);

  return (
    <Stack gap="md">
      <AuditFilterForm
        view={filters}
        unknownEmail={unknownEmail}
        onApply={(wanted) => view.change(wanted)}
        onReset={view.reset}
      />
      <Group gap="sm" justify="flex-end">
        <ExportButtons
          onExport={(format) => downloadAuditExport(format, filters, i18n.language)}
          labels={{ csv: t('export.csv'), xlsx: t('export.xlsx') }}
          done={(name) => t('export.done', { name })}
          failed={t('export.failed')}
        />
      </Group>
      <Paper withBorder radius="md">
        <ListState
          // An email nobody has is said on its input; the list is then simply empty.
          query={unknownEmail ? { isPending: false, isError: false, error: null } : events}
          isEmpty={unknownEmail !== undefined || items.length === 0}
          empty={{ icon: IconHistory, title: filtered ? t('emptyFiltered') : t('empty') }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          {list}
          <Group justify="space-between" p="md" gap="sm">
            <Text fz="sm" c="dark.6" aria-live="polite">
              {events.hasNextPage
                ? t('shownMore', { count: items.length })
                : t('shownAll', { count: items.length })}
            </Text>
            {events.hasNextPage ? (
              <Button
                variant="default"
                loading={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            ) : null}
          </Group>
        </ListState>
      </Paper>
      <ChainCheck />
    </Stack>
  );
}
