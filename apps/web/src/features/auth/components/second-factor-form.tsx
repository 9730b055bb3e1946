import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { secondFactorCodeSchema } from '@portal/contract/two-factor';
import type { CurrentUser } from '@portal/contract/users';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import { toSupportedLanguage } from '@/lib/i18n';
import { useSignInWithSecondFactor } from '@/features/auth/api/sign-in';
import { PasskeySignIn } from '@/features/auth/components/passkey-sign-in';
import { showChallengeRefusal } from '@/features/auth/components/sign-in-errors';

const secondFactorFormSchema = z.object({ code: secondFactorCodeSchema });

/**
 * Sign-in's second step (docs/SECURITY.md "Two-factor sign-in"): a code from the authenticator
 * app or a recovery code, sent with the challenge the password step gave. A challenge that has
 * expired, been used or seen too many wrong codes starts again from the password (`onRestart`,
 * with the reason); `onBack` goes there by choice.
 */
export function SecondFactorForm({
  challenge,
  passkey,
  onSignedIn,
  onRestart,
  onBack,
}: {
  challenge: string;
  /** The account has a passkey: offered instead of the code (docs/decisions/025). */
  passkey: boolean;
  onSignedIn: (user: CurrentUser) => void;
  onRestart: (message: string) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const send = useSignInWithSecondFactor();
  const { onSubmit, formError, codeFieldProps } = useCodeForm(
    secondFactorFormSchema,
    async ({ code }, { setFormError }) => {
      try {
        // The code as the contract reads it (no spaces or dashes, a recovery code in capitals).
        onSignedIn(
          await send.mutateAsync({
            challenge,
            code: code.code,
            language: toSupportedLanguage(i18n.language),
          }),
        );
      } catch (error) {
        if (!showChallengeRefusal(t, error, { onRestart, setFormError })) throw error;
      }
    },
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('secondFactor.title')}
    >
      <Stack gap="md">
        <Text fz="sm" c="dark.7">
          {t('secondFactor.lead')}
        </Text>
        <FormAlert message={formError} />
        <CodeField label={t('secondFactor.code')} autoFocus {...codeFieldProps} />
        <SubmitButton loading={send.isPending} fullWidth>
          {t('signIn.submit')}
        </SubmitButton>
        {passkey ? (
          <PasskeySignIn challenge={challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
        ) : null}
        <Text fz="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            fw={600}
            inherit
            // As the dialogs' links: leaving an empty code must not move the link from the pointer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={onBack}
          >
            {t('secondFactor.back')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
