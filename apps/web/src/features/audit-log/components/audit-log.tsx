import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  auditEventsQuerySchema,
  type AuditAction,
  type AuditEvent,
} from '@portal/contract/audit';
import { FormAlert } from '@/components/ui/form-alert';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDateTime } from '@/lib/format';
import { apiErrorOf } from '@/lib/api-error';
import { useListState } from '@/lib/use-list-state';
import { useAuditEvents } from '@/features/audit-log/api/get-audit-events';

/** The filters in the address (?action=&from=&to=&email=), read by the API's own schema. */
const auditListState = auditEventsQuerySchema.pick({
  action: true,
  email: true,
  from: true,
  to: true,
});
type AuditView = z.output<typeof auditListState>;

const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

interface Draft {
  action: string;
  from: string;
  to: string;
  email: string;
}

const draftOf = (view: AuditView): Draft => ({
  action: view.action ?? '',
  from: view.from ?? '',
  to: view.to ?? '',
  email: view.email ?? '',
});

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
  const { t, i18n } = useTranslation(['auditLog', 'errors', 'validation']);
  const view = useListState(auditListState);
  const filters = view.query;
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  // The form follows the address when it changes from elsewhere (Back, a shared link).
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setDraft(draftOf(filters));
  }
  const [formError, setFormError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const events = useAuditEvents(filters);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  // An email nobody has is the API's answer, on the email it was asked about.
  const unknownEmail =
    apiErrorOf(events.error)?.fields?.email === 'userUnknown' ? filters.email : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setEmailError(null);
    if (draft.from && draft.to && draft.from > draft.to) {
      setFormError(t('filters.rangeOutOfOrder'));
      return;
    }
    const wanted = auditListState.safeParse({
      action: draft.action || undefined,
      email: draft.email,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
    if (!wanted.success) {
      const emailIssue = wanted.error.issues.find((issue) => issue.path[0] === 'email');
      if (emailIssue) setEmailError(t(`validation:${emailIssue.message}`));
      else setFormError(t('errors:codes.VALIDATION_FAILED'));
      return;
    }
    view.change(wanted.data);
  };

  const reset = () => {
    setDraft(draftOf({}));
    setFormError(null);
    setEmailError(null);
    view.reset();
  };

  const actionLabel = (action: string) => (isAction(action) ? t(`actions.${action}`) : action);
  const who = (event: AuditEvent) =>
    event.actorEmail ?? (event.actorUserId ? t('deletedUser') : t('nobody'));
  const about = (event: AuditEvent) =>
    event.subjectUserId && event.subjectUserId !== event.actorUserId
      ? (event.subjectEmail ?? t('deletedUser'))
      : null;

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(event) => event.id}
      minWidth={960}
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
          {Object.keys(event.details).length > 0 ? (
            <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {detailsText(event.details)}
            </Code>
          ) : null}
        </>
      )}
    />
  );

  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={(event) => void apply(event)}
        aria-label={t('filters.label')}
        noValidate
      >
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('filters.action')}
              data={[
                { value: '', label: t('filters.allActions') },
                ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) })),
              ]}
              value={draft.action}
              onChange={(value) => setDraft((current) => ({ ...current, action: value ?? '' }))}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
            />
            <TextInput
              type="date"
              label={t('filters.from')}
              value={draft.from}
              onChange={(event) => {
                const from = event.currentTarget.value;
                setDraft((current) => ({ ...current, from }));
              }}
              w={{ base: '100%', xs: 170 }}
            />
            <TextInput
              type="date"
              label={t('filters.to')}
              value={draft.to}
              onChange={(event) => {
                const to = event.currentTarget.value;
                setDraft((current) => ({ ...current, to }));
              }}
              w={{ base: '100%', xs: 170 }}
            />
            <TextInput
              type="email"
              label={t('filters.email')}
              placeholder={t('filters.emailPlaceholder')}
              value={draft.email}
              onChange={(event) => {
                const email = event.currentTarget.value;
                setDraft((current) => ({ ...current, email }));
              }}
              maxLength={254}
              spellCheck={false}
              error={
                emailError ??
                (unknownEmail && draft.email.trim().toLowerCase() === unknownEmail
                  ? t('filters.noSuchUser', { email: unknownEmail })
                  : undefined)
              }
              w={{ base: '100%', sm: 280 }}
            />
          </Group>
          <Group gap="sm">
            <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
              {t('filters.apply')}
            </Button>
            <Button variant="default" onClick={reset}>
              {t('filters.reset')}
            </Button>
            <Text fz="xs" c="dark.6">
              {t('filters.timeZone')}
            </Text>
          </Group>
        </Stack>
      </Paper>
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
    </Stack>
  );
}
