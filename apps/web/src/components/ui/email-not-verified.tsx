import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '@/lib/api-error';
import { useResendVerification } from '@/lib/auth/email-verification';
import { toSupportedLanguage } from '@/lib/i18n';
import { useUser } from '@/lib/user/user-context';

/**
 * Said to a signed-in user whose email is not confirmed yet: on every screen, and on Buy and
 * Sell before anything is typed, since the server refuses money until then
 * (EMAIL_NOT_VERIFIED, docs/decisions/027). "Send the link again" mails a new link in the
 * page's language; the server allows it once a minute.
 */
export function EmailNotVerified() {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const { user } = useUser();
  const resend = useResendVerification();
  const tooSoon = apiErrorOf(resend.error)?.code === 'RATE_LIMITED';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation aria-hidden />}
      title={t('common:emailNotVerified.title')}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('common:emailNotVerified.text', { email: user.email ?? '' })}</Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={resend.isPending}
          onClick={() => resend.mutate({ language: toSupportedLanguage(i18n.language) })}
        >
          {t('common:emailNotVerified.resend')}
        </Button>
        <Text fz="sm" role="status" aria-live="polite">
          {resend.isSuccess
            ? t('common:emailNotVerified.sent', { email: user.email ?? '' })
            : tooSoon
              ? t('common:emailNotVerified.tooSoon')
              : resend.isError
                ? t('errors:codes.INTERNAL_ERROR')
                : null}
        </Text>
      </Stack>
    </Alert>
  );
}
