import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addPasskeyRequestSchema, type Passkey } from '@portal/contract/passkeys';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  PasskeyCancelled,
  passkeyErrorText,
  passkeysQuery,
  passkeysSupported,
} from '@/lib/auth/passkey';
import { useTwoFactorOn } from '@/lib/auth/two-factor-status';
import { formatDateTime } from '@/lib/format';
import { errorMessage, fieldErrorText } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { toast } from '@/lib/notifications';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useAddPasskey, useRemovePasskey } from '@/features/profile/api/passkeys';

const FIELDS = ['name'] as const;
const nameFormSchema = z.object({ name: addPasskeyRequestSchema.shape.name });

/**
 * Passkeys (docs/decisions/025): offered once the authenticator app is on; each signs in on its
 * own, or instead of the app's code. Listed with when each was added and last used; added with a
 * name (the browser's own when none is typed) and removed, both security changes the step-up
 * dialog may ask to confirm.
 */
export function Passkeys() {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const enabled = useTwoFactorOn() === true;
  const list = useQuery({ ...passkeysQuery(), enabled });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  if (!enabled) return null;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-passkeys-title"
    >
      <Title id="profile-passkeys-title" order={2} fz="lg" mb={4}>
        {t('passkeys.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('passkeys.lead')}
      </Text>
      {list.isPending ? (
        <Center py="md" aria-busy="true">
          <Loader aria-label={t('passkeys.loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(t, list.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {list.data.length === 0 ? (
            <Text fz="sm">{t('passkeys.none')}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.data.map((passkey) => (
                <Group
                  key={passkey.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconKey aria-hidden size={20} style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Text fw={600} fz="sm" truncate>
                        {passkey.name}
                      </Text>
                      <Text fz="xs" c="dark.6">
                        {t('passkeys.added', {
                          time: formatDateTime(passkey.createdAt, i18n.language),
                        })}
                        {' · '}
                        {passkey.lastUsedAt
                          ? t('passkeys.lastUsed', {
                              time: formatDateTime(passkey.lastUsedAt, i18n.language),
                            })
                          : t('passkeys.neverUsed')}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => setRemoving(passkey)}
                    aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {passkeysSupported() ? (
            <Button
              leftSection={<IconKey aria-hidden size={18} />}
              onClick={() => setAdding(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('passkeys.add')}
            </Button>
          ) : (
            <Text fz="sm" c="dark.6">
              {t('passkeys.unsupported')}
            </Text>
          )}
        </Stack>
      )}
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('passkeys.addTitle')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
      >
        {adding ? <AddPasskeyForm onDone={() => setAdding(false)} /> : null}
      </Modal>
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'validation', 'errors']);
  const add = useAddPasskey();
  const [said, setSaid] = useState<{ text: string; calm: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(nameFormSchema), defaultValues: { name: '' } });
  const { onSubmit } = useFormSubmit(
    { handleSubmit, setError },
    async ({ name }) => {
      setSaid(null);
      const added = await add.mutateAsync({
        name: name ?? '',
        language: toSupportedLanguage(i18n.language),
      });
      toast('success', { message: t('passkeys.addedToast', { name: (added as Passkey).name }) });
      onDone();
    },
    {
      fields: FIELDS,
      onUnplaced: (error) =>
        setSaid({ text: passkeyErrorText(t, error), calm: error instanceof PasskeyCancelled }),
    },
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('passkeys.addLead')}
        </Text>
        {said ? (
          <Alert
            color={said.calm ? 'blue' : 'red'}
            variant="light"
            icon={said.calm ? <IconInfoCircle aria-hidden /> : <IconAlertCircle aria-hidden />}
            role={said.calm ? 'status' : 'alert'}
          >
            {said.text}
          </Alert>
        ) : null}
        <TextInput
          styles={readableFieldStyles}
          label={t('passkeys.name')}
          description={t('passkeys.nameHint')}
          data-autofocus
          error={fieldErrorText(t, errors.name)}
          {...register('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton loading={add.isPending}>{t('passkeys.addConfirm')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function RemovePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const remove = useRemovePasskey();
  const [failed, setFailed] = useState<string | null>(null);
  const close = () => {
    setFailed(null);
    onClose();
  };
  const confirm = async (id: string) => {
    setFailed(null);
    try {
      await remove.mutateAsync({ id, language: toSupportedLanguage(i18n.language) });
      toast('success', { message: t('passkeys.removedToast') });
      close();
    } catch (error) {
      setFailed(errorMessage(t, error));
    }
  };
  return (
    <Modal
      opened={passkey !== null}
      onClose={close}
      title={t('passkeys.removeTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {passkey ? (
        <Stack gap="md">
          <Text fz="sm">{t('passkeys.removeLead', { name: passkey.name })}</Text>
          {failed ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failed}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(passkey.id)}>
              {t('passkeys.remove')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
