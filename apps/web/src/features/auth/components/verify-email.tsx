import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailVerificationTokenSchema } from '@portal/contract/mail';
import { paths } from '@/config/paths';
import { FormAlert } from '@/components/ui/form-alert';
import { authDialogPath } from '@/lib/auth/auth-paths';
import { useConfirmEmail } from '@/lib/auth/email-verification';
import { useUser } from '@/lib/user/user-context';

/**
 * The confirmation link's dialog (`?auth=verify-email#token=…`, docs/decisions/027): sends the
 * token once as it opens and says how it went. Signed in or not: the link is the proof, and
 * the person may open it on another device than the one they signed up on.
 */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { isSignedIn } = useUser();
  const confirm = useConfirmEmail();
  const wellFormed = emailVerificationTokenSchema.safeParse(token).success;
  // Once per token, also under React's double effects in development.
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!wellFormed || sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [mutate, token, wellFormed]);

  const onward = isSignedIn ? (
    <Anchor component={Link} to={paths.app.buy} fw={600}>
      {t('verifyEmail.toApp')}
    </Anchor>
  ) : (
    <Anchor component={Link} to={authDialogPath('sign-in')} replace fw={600}>
      {t('verifyEmail.toSignIn')}
    </Anchor>
  );

  if (!wellFormed || confirm.isError) {
    return (
      <Stack gap="md">
        <FormAlert message={t('errors:codes.VERIFY_LINK_INVALID')} />
        <Text fz="sm">{onward}</Text>
      </Stack>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status">
          {t('verifyEmail.done')}
        </Alert>
        <Text fz="sm">{onward}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="center" py="md" aria-busy="true">
      <Loader size="sm" />
      <Text fz="sm">{t('verifyEmail.checking')}</Text>
    </Stack>
  );
}
