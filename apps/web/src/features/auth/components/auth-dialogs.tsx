import { Alert, Anchor, Divider, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '@portal/contract/users';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { useUser } from '@/lib/user/user-context';
import { toast } from '@/lib/notifications';
import {
  AUTH_DIALOGS,
  AUTH_PARAM,
  authDialogPath,
  NEXT_PARAM,
  safeNextPath,
  SESSION_PARAM,
  type AuthDialog,
} from '@/lib/auth/auth-paths';
import { announceSession } from '@/lib/auth/session-channel';
import { setSessionStatus } from '@/lib/auth/session-status';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { PasskeySignIn } from '@/features/auth/components/passkey-sign-in';
import { SecondFactorForm } from '@/features/auth/components/second-factor-form';
import { SignInSetup } from '@/features/auth/components/sign-in-setup';
import { SignInForm, type SecondFactorStep } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { VerifyEmail } from '@/features/auth/components/verify-email';

function dialogOf(value: string | null): AuthDialog | null {
  return AUTH_DIALOGS.find((dialog) => dialog === value) ?? null;
}

/**
 * A link from one dialog to another. Pressing it keeps the focus where it is: leaving an empty
 * field would show its "required" message, push the link down from under the pointer and lose
 * the click.
 */
function DialogLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      replace
      fw={600}
      inherit
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </Anchor>
  );
}

/**
 * Where sign-in is: the password (with the email to fill in again and why, when the second step
 * sent the person back), or the second factor (`code`), or its set-up at a staff member's first
 * sign-in (`setup`).
 */
type SignInStep = { kind: 'password'; email: string; notice: string | null } | SecondFactorStep;
const FIRST_STEP: SignInStep = { kind: 'password', email: '', notice: null };

/** Dialogs a mailed link opens: they work signed in too, and their token is in the fragment. */
const LINK_DIALOGS: ReadonlySet<AuthDialog> = new Set(['reset-password', 'verify-email']);

/** A mailed link's token (reset, email confirmation), from the address's fragment (`#token=…`), which no server ever sees. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * Sign-in and sign-up, as dialogs over Home opened by `?auth=sign-in` / `?auth=sign-up`
 * (decision 004), and the two steps of a forgotten password: `?auth=forgot-password` asks for a
 * link, which the mail brings back as `?auth=reset-password#token=…` (docs/SECURITY.md "Password
 * reset by email"). Closing one removes the parameters; signing in goes to `next` (a path under
 * /app) or the dashboard. An account with two-factor sign-in on asks for its code in the same
 * dialog after the password (docs/SECURITY.md "Two-factor sign-in").
 */
export function AuthDialogs() {
  const { t } = useTranslation('auth');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { isSignedIn, setUser } = useUser();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const dialog = dialogOf(searchParams.get(AUTH_PARAM));
  const next = searchParams.get(NEXT_PARAM);
  const target = safeNextPath(next);
  const sessionEnded = searchParams.get(SESSION_PARAM) === 'ended';
  const location = useLocation();
  // The token is read once and the fragment dropped from the address, so it stays in no history
  // entry, bookmark or screenshot of the address bar.
  const tokenInAddress = tokenOf(location.hash);
  const [resetToken, setResetToken] = useState(tokenInAddress);
  if (tokenInAddress !== '' && tokenInAddress !== resetToken) setResetToken(tokenInAddress);
  // A sign-in starts at the password each time its dialog opens.
  const [signInStep, setSignInStep] = useState<SignInStep>(FIRST_STEP);
  if (dialog !== 'sign-in' && signInStep !== FIRST_STEP) setSignInStep(FIRST_STEP);
  useEffect(() => {
    if (dialog !== null && LINK_DIALOGS.has(dialog) && location.hash !== '') {
      void navigate({ search: location.search, hash: '' }, { replace: true });
    }
  }, [dialog, location.hash, location.search, navigate]);

  // Signed in already: nothing to sign in to. A mailed link still opens (a reset ends every
  // session; a confirmation is for whoever holds the link).
  if (dialog !== null && !LINK_DIALOGS.has(dialog) && isSignedIn) {
    return <Navigate to={target} replace />;
  }

  const close = () =>
    setSearchParams(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete(AUTH_PARAM);
        rest.delete(NEXT_PARAM);
        rest.delete(SESSION_PARAM);
        return rest;
      },
      { replace: true },
    );

  /**
   * Signed in or up: the other tabs of this browser now send this user's cookie, so they are
   * told (docs/decisions/016); then back to where the user was, where a form that kept a draft
   * when the session ended gives it back.
   */
  const done = (user: CurrentUser, message: string) => {
    toast('success', { message });
    setSessionStatus('active');
    announceSession({ type: 'signed-in', userId: user.id });
    // The user first: the /app guard, drawn by the navigation, must find them signed in.
    setUser(user);
    void navigate(target, { replace: true });
  };

  const titles: Record<AuthDialog, string> = {
    'sign-in': t('signIn.title'),
    'sign-up': t('signUp.title'),
    'forgot-password': t('forgotPassword.title'),
    'reset-password': t('resetPassword.title'),
    'verify-email': t('verifyEmail.title'),
  };
  const title =
    dialog !== 'sign-in' || signInStep.kind === 'password'
      ? titles[dialog ?? 'sign-in']
      : signInStep.kind === 'code'
        ? t('secondFactor.title')
        : t('secondFactorSetup.title');
  const restart = (email: string, notice: string | null) =>
    setSignInStep({ kind: 'password', email, notice });
  const signedIn = (user: CurrentUser) => done(user, t('signIn.success', { name: user.name }));

  const passwordChanged = () => {
    toast('success', { message: t('resetPassword.done') });
    void navigate(authDialogPath('sign-in'), { replace: true });
  };

  return (
    <Modal
      opened={dialog !== null}
      onClose={close}
      title={title}
      styles={{
        content: koreanLineBreaks,
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
      }}
      size="md"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {dialog === 'sign-up' ? (
        <>
          <Text fz="sm" c="dark.7" mb="md">
            {t('signUp.lead')}
          </Text>
          <SignUpForm onSignedUp={(user) => done(user, t('signUp.success', { name: user.name }))} />
          <Text fz="sm" ta="center" mt="md">
            {t('signUp.haveAccount')}{' '}
            <DialogLink to={authDialogPath('sign-in', next)}>{t('signUp.toSignIn')}</DialogLink>
          </Text>
        </>
      ) : dialog === 'forgot-password' ? (
        <>
          <Text fz="sm" c="dark.7" mb="md">
            {t('forgotPassword.lead')}
          </Text>
          <ForgotPasswordForm />
          <Text fz="sm" ta="center" mt="md">
            <DialogLink to={authDialogPath('sign-in', next)}>
              {t('forgotPassword.toSignIn')}
            </DialogLink>
          </Text>
        </>
      ) : dialog === 'reset-password' ? (
        <ResetPasswordForm token={resetToken} onDone={passwordChanged} />
      ) : dialog === 'verify-email' ? (
        <VerifyEmail token={resetToken} />
      ) : signInStep.kind === 'code' ? (
        <SecondFactorForm
          challenge={signInStep.challenge}
          passkey={signInStep.passkey}
          onSignedIn={signedIn}
          onRestart={(notice) => restart(signInStep.email, notice)}
          onBack={() => restart(signInStep.email, null)}
        />
      ) : signInStep.kind === 'setup' ? (
        <SignInSetup
          challenge={signInStep.challenge}
          email={signInStep.email}
          onSignedIn={signedIn}
          onRestart={(notice) => restart(signInStep.email, notice)}
        />
      ) : (
        <>
          {sessionEnded ? (
            <Alert color="blue" variant="light" mb="md" role="status">
              {t('signIn.sessionEnded')}
            </Alert>
          ) : null}
          <SignInForm
            onSignedIn={signedIn}
            onSecondFactor={setSignInStep}
            email={signInStep.email}
            notice={signInStep.notice}
          />
          {/* Mantine's dimmed label is under 4.5:1 on white: the word in dark 6. */}
          <Divider
            my="md"
            label={t('passkey.or')}
            labelPosition="center"
            styles={{ label: { color: 'var(--mantine-color-dark-6)' } }}
          />
          <PasskeySignIn onSignedIn={signedIn} />
          <Text fz="sm" ta="center" mt="sm">
            <DialogLink to={authDialogPath('forgot-password', next)}>
              {t('signIn.forgotPassword')}
            </DialogLink>
          </Text>
          <Text fz="sm" ta="center" mt="md">
            {t('signIn.noAccount')}{' '}
            <DialogLink to={authDialogPath('sign-up', next)}>{t('signIn.toSignUp')}</DialogLink>
          </Text>
        </>
      )}
    </Modal>
  );
}
