import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contract/users';
import { PasskeyCancelled, passkeyErrorText, passkeysSupported } from '@/lib/auth/passkey';
import { errorMessage } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { useSignInWithPasskey } from '@/features/auth/api/sign-in';
import { challengeEnded, rateLimitedText } from '@/features/auth/components/sign-in-errors';

/**
 * "Sign in with a passkey" (docs/decisions/025): on its own below the password form, or, with the
 * password step's `challenge`, instead of the code. A closed prompt is said calmly and nothing
 * else changes; an ended challenge starts again from the password (`onRestart`). Not shown in a
 * browser without WebAuthn.
 */
export function PasskeySignIn({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge?: string;
  onSignedIn: (user: CurrentUser) => void;
  onRestart?: (message: string) => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const send = useSignInWithPasskey();
  const [said, setSaid] = useState<{ text: string; calm: boolean } | null>(null);
  if (!passkeysSupported()) return null;

  const signIn = async () => {
    setSaid(null);
    try {
      onSignedIn(
        await send.mutateAsync({ challenge, language: toSupportedLanguage(i18n.language) }),
      );
    } catch (error) {
      if (challenge && onRestart && challengeEnded(error)) {
        onRestart(errorMessage(t, error));
        return;
      }
      const calm = error instanceof PasskeyCancelled;
      setSaid({ text: rateLimitedText(t, error) ?? passkeyErrorText(t, error), calm });
    }
  };

  return (
    <Stack gap="xs">
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
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey aria-hidden size={18} />}
        loading={send.isPending}
        // As the dialogs' links: leaving an empty email must not show its error and move the
        // button from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => void signIn()}
      >
        {challenge ? t('passkey.instead') : t('passkey.signIn')}
      </Button>
    </Stack>
  );
}
