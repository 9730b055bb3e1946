import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, FileInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconClock, IconFileUpload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { personNameSchema } from '@portal/contract/auth';
import { KYC_IMAGE_TYPES } from '@portal/contract/kyc';
import type { NameChangeRequest } from '@portal/contract/name-change';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useRequestNameChange } from '@/features/profile/api/name-change';
import { useFormSubmit } from '@/lib/use-form-submit';

/**
 * A verified name changes only through a request an operator approves (docs/decisions/010): the
 * latest request's state, and the button that opens the request form.
 */
export function NameChange({ latest }: { latest: NameChangeRequest | null }) {
  const { t } = useTranslation('profile');
  const [opened, setOpened] = useState(false);
  const waiting = latest?.status === 'submitted';
  return (
    <Stack gap="xs">
      {latest ? <LatestRequest request={latest} /> : null}
      <Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconFileUpload size={16} aria-hidden />}
          disabled={waiting}
          onClick={() => setOpened(true)}
        >
          {t('nameChange.open')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('nameChange.title')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
      >
        {opened ? <NameChangeForm onDone={() => setOpened(false)} /> : null}
      </Modal>
    </Stack>
  );
}

function LatestRequest({ request }: { request: NameChangeRequest }) {
  const { t } = useTranslation('profile');
  const name = request.requestedName;
  if (request.status === 'submitted') {
    return (
      <Alert color="blue" icon={<IconClock aria-hidden />}>
        {t('nameChange.waiting', { name })}
      </Alert>
    );
  }
  if (request.status === 'rejected') {
    return (
      <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
        {t('nameChange.rejected', { name, reason: request.rejectionReason ?? '' })}
      </Alert>
    );
  }
  return (
    <Text fz="sm" c="dark.6">
      {t('nameChange.approved', { name })}
    </Text>
  );
}

const nameChangeFormSchema = z.object({
  name: personNameSchema,
  file: z.instanceof(File, { error: 'required' }),
});

function NameChangeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['profile', 'common', 'validation', 'errors']);
  const send = useRequestNameChange();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(nameChangeFormSchema),
    mode: 'onBlur',
    defaultValues: { name: '', file: undefined as unknown as File },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      await send.mutateAsync(values);
      toast('success', { message: t('nameChange.sent') });
      onDone();
    },
    {
      fields: ['name', 'file'],
      codeFields: {
        FILE_TYPE_NOT_ALLOWED: 'file',
        PAYLOAD_TOO_LARGE: 'file',
        FILE_REQUIRED: 'file',
        // The photo itself is the problem: a smaller one goes through. UPLOADS_BUSY is about
        // the moment, not the file, and shows above the form.
        IMAGE_TOO_LARGE: 'file',
        IMAGE_PROCESSING_TIMEOUT: 'file',
      },
    },
  );

  return (
    <form
      onSubmit={(event) => {
        // The dialog sits inside the personal information form in React's tree (portals pass
        // events up it): this submit must not save that form too.
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('nameChange.lead')}
        </Text>
        <FormAlert message={formError} />
        <TextInput
          label={t('nameChange.newName')}
          description={t('personal.nameHint')}
          styles={readableFieldStyles}
          autoComplete="name"
          required
          data-autofocus
          error={fieldErrorText(t, errors.name)}
          {...register('name')}
        />
        <Controller
          control={control}
          name="file"
          render={({ field }) => (
            <FileInput
              label={t('nameChange.document')}
              description={t('nameChange.documentHint')}
              placeholder={t('nameChange.choose')}
              accept={KYC_IMAGE_TYPES.join(',')}
              required
              clearable
              value={field.value ?? null}
              onChange={(file) => field.onChange(file ?? undefined)}
              onBlur={field.onBlur}
              error={fieldErrorText(t, errors.file)}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={send.isPending}>{t('nameChange.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
