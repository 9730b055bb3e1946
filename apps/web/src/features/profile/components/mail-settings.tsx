import {
  Alert,
  Center,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailSettingsRequest } from '@portal/contract/mail';
import { readableFieldStyles } from '@/components/ui/field-styles';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { mailSettingsQuery, useSaveMailSettings } from '@/features/profile/api/mail-settings';

/**
 * Mail (docs/decisions/027): whether a transaction that completes or is cancelled is mailed to
 * its owner (on by default; security mails are not optional and are not listed here), and the
 * language every mail is written in, which sign-in sets from the page's.
 */
export function MailSettings() {
  const { t } = useTranslation(['profile', 'errors']);
  const settings = useQuery(mailSettingsQuery());
  const save = useSaveMailSettings();
  const change = (next: MailSettingsRequest) =>
    save.mutate(next, {
      onSuccess: () => toast('success', { message: t('mail.saved') }),
      onError: (error) => toast('error', { message: errorMessage(t, error) }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-mail-title"
    >
      <Title id="profile-mail-title" order={2} fz="lg" mb={4}>
        {t('mail.title')}
      </Title>
      <Text fz="sm" c="dark.6" mb="md">
        {t('mail.lead')}
      </Text>
      {settings.data ? (
        <Stack gap="md">
          <Switch
            label={t('mail.transactionMails')}
            description={t('mail.transactionMailsHint')}
            styles={readableFieldStyles}
            checked={settings.data.transactionMails}
            disabled={save.isPending}
            onChange={(event) => change({ transactionMails: event.currentTarget.checked })}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="profile-mail-language">
              {t('mail.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="profile-mail-language"
              value={settings.data.language}
              disabled={save.isPending}
              data={[
                { value: 'ko', label: '한국어' },
                { value: 'en', label: 'English' },
              ]}
              onChange={(value) => change({ language: value as 'en' | 'ko' })}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(t, settings.error)}
        </Alert>
      ) : (
        <Center py="md" aria-busy="true">
          <Loader aria-label={t('mail.loading')} />
        </Center>
      )}
    </Paper>
  );
}
