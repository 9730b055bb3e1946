import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_EMAIL_ROLES,
  AUDIT_OBJECT_TYPES,
  auditEventsQuerySchema,
  type AuditEmailRole,
} from '@portal/contract/audit';
import { DayRangeInputs } from '@/components/ui/day-range-inputs';
import { FormAlert } from '@/components/ui/form-alert';
import { validationText } from '@/lib/form-errors';

/**
 * The filters in the address (?action=&email=&emailRole=&objectType=&objectId=&from=&to=), read
 * by the API's own schema.
 */
export const auditListState = auditEventsQuerySchema.pick({
  action: true,
  email: true,
  emailRole: true,
  objectType: true,
  objectId: true,
  from: true,
  to: true,
});
export type AuditView = z.output<typeof auditListState>;

interface Draft {
  action: string;
  from: string;
  to: string;
  email: string;
  emailRole: AuditEmailRole;
  objectType: string;
  objectId: string;
}

const draftOf = (view: Partial<AuditView>): Draft => ({
  action: view.action ?? '',
  from: view.from ?? '',
  to: view.to ?? '',
  email: view.email ?? '',
  emailRole: view.emailRole ?? 'either',
  objectType: view.objectType ?? '',
  objectId: view.objectId ?? '',
});

/**
 * The audit log's filters: edited as a draft and applied together (a range of days is two
 * inputs, half of one is not a filter). The form follows the address when it changes from
 * elsewhere (Back, a shared link). `unknownEmail` is the email the API said nobody has.
 */
export function AuditFilterForm({
  view,
  unknownEmail,
  onApply,
  onReset,
}: {
  view: AuditView;
  unknownEmail: string | undefined;
  onApply: (view: AuditView) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(['auditLog', 'errors', 'validation']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [seen, setSeen] = useState(view);
  if (seen !== view) {
    setSeen(view);
    setDraft(draftOf(view));
  }
  const [formError, setFormError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [objectError, setObjectError] = useState<string | null>(null);
  const edit = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setEmailError(null);
    setObjectError(null);
    if (draft.from && draft.to && draft.from > draft.to) {
      setFormError(t('filters.rangeOutOfOrder'));
      return;
    }
    const wanted = auditListState.safeParse({
      action: draft.action || undefined,
      email: draft.email,
      emailRole: draft.emailRole,
      objectType: draft.objectType || undefined,
      objectId: draft.objectId,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
    if (!wanted.success) {
      const issueOf = (field: string) =>
        wanted.error.issues.find((issue) => issue.path[0] === field);
      const emailIssue = issueOf('email');
      const objectIssue = issueOf('objectId');
      if (emailIssue) setEmailError(validationText(t, emailIssue.message));
      if (objectIssue) setObjectError(validationText(t, objectIssue.message));
      if (!emailIssue && !objectIssue) setFormError(t('errors:codes.VALIDATION_FAILED'));
      return;
    }
    onApply(wanted.data);
  };

  const reset = () => {
    setDraft(draftOf({}));
    setFormError(null);
    setEmailError(null);
    setObjectError(null);
    onReset();
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={apply}
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
            onChange={(value) => edit({ action: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
          />
          <DayRangeInputs
            from={draft.from}
            to={draft.to}
            onChange={edit}
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
          />
          <TextInput
            type="email"
            label={t('filters.email')}
            placeholder={t('filters.emailPlaceholder')}
            value={draft.email}
            onChange={(event) => edit({ email: event.currentTarget.value })}
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
          <Select
            label={t('filters.emailRole')}
            data={AUDIT_EMAIL_ROLES.map((value) => ({
              value,
              label: t(`filters.emailRoles.${value}`),
            }))}
            value={draft.emailRole}
            onChange={(value) => edit({ emailRole: (value ?? 'either') as AuditEmailRole })}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <Select
            label={t('filters.objectType')}
            data={[
              { value: '', label: t('filters.allObjects') },
              ...AUDIT_OBJECT_TYPES.map((value) => ({ value, label: t(`objects.${value}`) })),
            ]}
            value={draft.objectType}
            onChange={(value) => edit({ objectType: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            label={t('filters.objectId')}
            placeholder={t('filters.objectIdPlaceholder')}
            value={draft.objectId}
            onChange={(event) => edit({ objectId: event.currentTarget.value })}
            maxLength={100}
            spellCheck={false}
            error={objectError}
            w={{ base: '100%', sm: 220 }}
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
  );
}
