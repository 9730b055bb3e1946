import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createAgencyRequestSchema,
  updateAgencyRequestSchema,
  type CreateAgencyRequest,
  type OperatorAgency,
} from '@portal/contract/agencies';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import { useCreateAgency } from '@/features/agencies-admin/api/create-agency';
import { useUpdateAgency } from '@/features/agencies-admin/api/update-agency';
import { useFormSubmit } from '@/lib/use-form-submit';

type Values = CreateAgencyRequest;

const FIELDS: readonly Path<Values>[] = [
  'code',
  'name',
  'bankName',
  'bankAccountNumber',
  'bankAccountHolder',
  'user.name',
  'user.email',
  'user.phone',
  'user.password',
];

/** Adds an agency with its first agency user, or edits one (`agency`): name and bank account. */
export function AgencyFormDialog({
  opened,
  agency,
  onClose,
}: {
  opened: boolean;
  agency: OperatorAgency | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agenciesAdmin', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={agency ? t('form.editTitle', { name: agency.name }) : t('form.createTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {opened ? <AgencyForm agency={agency} onDone={onClose} /> : null}
    </Modal>
  );
}

export function AgencyForm({
  agency,
  onDone,
}: {
  agency: OperatorAgency | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['agenciesAdmin', 'common', 'validation', 'errors']);
  const create = useCreateAgency();
  const update = useUpdateAgency();
  const sentForApproval = useAnnounceSentForApproval();
  const editing = agency !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    // Editing checks only what can change; the code and the user are set once.
    resolver: zodResolver(
      editing ? updateAgencyRequestSchema.loose() : createAgencyRequestSchema,
    ) as never,
    mode: 'onBlur',
    defaultValues: {
      code: agency?.code ?? '',
      name: agency?.name ?? '',
      bankName: agency?.bankName ?? '',
      bankAccountNumber: agency?.bankAccountNumber ?? '',
      bankAccountHolder: agency?.bankAccountHolder ?? '',
      user: editing ? undefined : { name: '', email: '', phone: '', password: '' },
    },
  });
  const pending = create.isPending || update.isPending;

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      if (agency) {
        const { name, bankName, bankAccountNumber, bankAccountHolder } = values;
        const result = await update.mutateAsync({
          id: agency.id,
          body: { name, bankName, bankAccountNumber, bankAccountHolder },
        });
        if (result.done) toast('success', { message: t('form.updated', { name }) });
        else void sentForApproval();
      } else {
        const created = await create.mutateAsync(values);
        toast('success', {
          message: t('form.created', { name: created.name, email: values.user.email }),
        });
      }
      onDone();
    },
    // A taken code or email says so on its own field, in words rather than "not valid".
    { fields: FIELDS, codeFields: { AGENCY_CODE_TAKEN: 'code', EMAIL_TAKEN: 'user.email' } },
  );

  const errorOf = (name: Path<Values>): FieldError | undefined => {
    if (name.startsWith('user.')) {
      const key = name.slice(5) as keyof Values['user'];
      return (errors.user as Record<string, FieldError | undefined> | undefined)?.[key];
    }
    return (errors as Record<string, FieldError | undefined>)[name];
  };
  const field = (name: Path<Values>, label: string, options: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      styles={readableFieldStyles}
      required
      autoComplete="off"
      aria-invalid={errorOf(name) ? true : undefined}
      error={fieldErrorText(t, errorOf(name))}
      {...options}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {field('name', t('fields.name'), { 'data-autofocus': true })}
          {field('code', t('fields.code'), {
            description: editing ? t('form.codeFixed') : t('form.codeHint'),
            disabled: editing,
            spellCheck: false,
          })}
        </SimpleGrid>
        <Divider label={t('form.bankSection')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {field('bankName', t('fields.bankName'))}
          {field('bankAccountNumber', t('fields.bankAccountNumber'), {
            inputMode: 'numeric',
            description: t('form.bankAccountNumberHint'),
          })}
        </SimpleGrid>
        {field('bankAccountHolder', t('fields.bankAccountHolder'))}
        {editing ? null : (
          <>
            <Divider label={t('form.userSection')} labelPosition="left" />
            <Text fz="sm" c="dark.6">
              {t('form.userHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {field('user.name', t('fields.userName'))}
              {field('user.phone', t('fields.userPhone'), { type: 'tel', inputMode: 'tel' })}
            </SimpleGrid>
            {field('user.email', t('fields.userEmail'), { type: 'email', spellCheck: false })}
            <PasswordField
              label={t('fields.userPassword')}
              description={t('form.passwordHint')}
              required
              autoComplete="new-password"
              error={fieldErrorText(t, errorOf('user.password'))}
              {...register('user.password')}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={pending}>
            {editing ? t('form.save') : t('form.create')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
