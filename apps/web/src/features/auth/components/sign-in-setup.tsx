import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { totpCodeSchema, type TwoFactorSetupResponse } from '@portal/contract/two-factor';
import type { CurrentUser } from '@portal/contract/users';
import { AuthenticatorSecret } from '@/components/ui/authenticator-secret';
import { CodeField } from '@/components/ui/code-field';
import { FormAlert } from '@/components/ui/form-alert';
import { RecoveryCodes } from '@/components/ui/recovery-codes';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCodeForm } from '@/components/ui/use-code-form';
import { errorMessage } from '@/lib/form-errors';
import { toSupportedLanguage } from '@/lib/i18n';
import { useConfirmSignInSetup, useStartSignInSetup } from '@/features/auth/api/sign-in';
import {
  challengeEnded,
  rateLimitedText,
  showChallengeRefusal,
} from '@/features/auth/components/sign-in-errors';

const codeFormSchema = z.object({ code: totpCodeSchema });

type Stage =
  | { kind: 'intro' }
  | { kind: 'scan'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; user: CurrentUser; codes: string[] };

/**
 * Staff's first sign-in (operators and agencies cannot use the portal with a password alone,
 * docs/SECURITY.md "Two-factor sign-in"): after the password, the same dialog sets up the
 * authenticator app, whose first code turns two-factor sign-in on and signs in; the recovery
 * codes are shown once before the portal opens. An expired challenge starts again from the
 * password (`onRestart`).
 */
export function SignInSetup({
  challenge,
  email,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  email: string;
  onSignedIn: (user: CurrentUser) => void;
  onRestart: (message: string) => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const start = useStartSignInSetup();
  const [stage, setStage] = useState<Stage>({ kind: 'intro' });
  const [startError, setStartError] = useState<string | null>(null);

  const begin = () => {
    setStartError(null);
    start.mutate(
      { challenge },
      {
        onSuccess: (setup) => setStage({ kind: 'scan', setup }),
        onError: (error) => {
          if (challengeEnded(error)) onRestart(errorMessage(t, error));
          else setStartError(rateLimitedText(t, error) ?? errorMessage(t, error));
        },
      },
    );
  };

  if (stage.kind === 'codes') {
    return (
      <RecoveryCodes codes={stage.codes} email={email} onDone={() => onSignedIn(stage.user)} />
    );
  }
  if (stage.kind === 'scan') {
    return (
      <FirstCode
        challenge={challenge}
        setup={stage.setup}
        onRestart={onRestart}
        onConfirmed={(user, codes) => setStage({ kind: 'codes', user, codes })}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text fz="sm" c="dark.7">
        {t('secondFactorSetup.lead')}
      </Text>
      <FormAlert message={startError} />
      <Button fullWidth loading={start.isPending} onClick={begin} autoFocus>
        {t('secondFactorSetup.start')}
      </Button>
    </Stack>
  );
}

function FirstCode({
  challenge,
  setup,
  onConfirmed,
  onRestart,
}: {
  challenge: string;
  setup: TwoFactorSetupResponse;
  onConfirmed: (user: CurrentUser, codes: string[]) => void;
  onRestart: (message: string) => void;
}) {
  const { t, i18n } = useTranslation(['auth', 'common', 'validation', 'errors']);
  const confirm = useConfirmSignInSetup();
  const { onSubmit, formError, codeFieldProps } = useCodeForm(
    codeFormSchema,
    async ({ code }, { setFormError }) => {
      try {
        const answer = await confirm.mutateAsync({
          challenge,
          code,
          language: toSupportedLanguage(i18n.language),
        });
        onConfirmed(answer.user, answer.recoveryCodes);
      } catch (error) {
        if (!showChallengeRefusal(t, error, { onRestart, setFormError })) throw error;
      }
    },
  );
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('secondFactorSetup.title')}
    >
      <Stack gap="md">
        <AuthenticatorSecret setup={setup} />
        <FormAlert message={formError} />
        <CodeField
          label={t('common:twoFactor.app.code')}
          digitsOnly
          autoFocus
          {...codeFieldProps}
        />
        <SubmitButton loading={confirm.isPending} fullWidth>
          {t('secondFactorSetup.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
