import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form-alert';
import { updateProfileRequestSchema, type UpdateProfileRequest } from '@portal/contract/profile';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { useUser } from '@/lib/user/user-context';
import { fieldErrorText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useMyNameChange } from '@/features/profile/api/name-change';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { NameChange } from '@/features/profile/components/name-change';
import { useFormSubmit } from '@/lib/use-form-submit';

const FIELDS = ['name', 'email', 'phone'] as const;

interface PersonalInfo {
  name: string;
  email: string;
  phone: string;
}

/**
 * The form's check, and what it sends: the name and phone only when they differ from what is
 * stored. A name or phone saved before today's rules (a digit in a name, a phone in another form)
 * is never checked again nor rewritten unless the user changes it (docs/decisions/014).
 */
function personalInfoSchema(stored: { name: string; phone: string }) {
  return z.preprocess(
    ({ name, phone, email }: PersonalInfo) => ({
      email,
      ...(name === stored.name ? {} : { name }),
      ...(phone === stored.phone ? {} : { phone }),
    }),
    updateProfileRequestSchema,
  );
}

/**
 * Name, email and phone number (docs/PRODUCT.md "Screens"), checked with the server's own schema. Once an
 * identity document is approved the name is read-only and changes by request (docs/decisions/010).
 */
export function PersonalInfoForm() {
  const { t } = useTranslation(['profile', 'validation', 'errors']);
  const { user, setUser } = useUser();
  const update = useUpdateProfile();
  const nameChange = useMyNameChange();
  const nameLocked = nameChange.data?.nameLocked === true;
  const storedName = user.name ?? '';
  const storedPhone = user.phone ?? '';
  const schema = useMemo(
    () => personalInfoSchema({ name: storedName, phone: storedPhone }),
    [storedName, storedPhone],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PersonalInfo, unknown, UpdateProfileRequest>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    // Follows the signed-in user (loaded, refetched, saved), keeping what is being edited.
    values: {
      name: user.name ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
    } satisfies PersonalInfo,
    resetOptions: { keepDirtyValues: true },
  });

  const { onSubmit, formError } = useFormSubmit(
    { handleSubmit, setError },
    async (values) => {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, email: saved.email, phone: saved.phone });
      setUser(saved);
      toast('success', { message: t('personal.saved') });
    },
    {
      fields: FIELDS,
      codeFields: { EMAIL_TAKEN: 'email', NAME_LOCKED: 'name', OPEN_BUY_REQUESTS: 'name' },
    },
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-personal-title"
    >
      <Title id="profile-personal-title" order={2} fz="lg" mb={4}>
        {t('personal.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('personal.lead')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={t('fields.name')}
            description={nameLocked ? t('personal.nameLocked') : t('personal.nameHint')}
            styles={readableFieldStyles}
            autoComplete="name"
            required
            readOnly={nameLocked}
            variant={nameLocked ? 'filled' : 'default'}
            error={fieldErrorText(t, errors.name)}
            {...register('name')}
          />
          {nameLocked ? <NameChange latest={nameChange.data?.request ?? null} /> : null}
          <TextInput
            styles={readableFieldStyles}
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={fieldErrorText(t, errors.email)}
            {...register('email')}
          />
          <TextInput
            styles={readableFieldStyles}
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            error={fieldErrorText(t, errors.phone)}
            {...register('phone')}
          />
          <Group justify="flex-end">
            <SubmitButton loading={update.isPending} disabled={!isDirty}>
              {t('personal.save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
