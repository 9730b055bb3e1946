import { Alert, Anchor, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { CurrentUser } from '@portal/contract/users';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { useUser } from '@/lib/user/user-context';
import { toast } from '@/lib/notifications';
import {
  AUTH_PARAM,
  authDialogPath,
  NEXT_PARAM,
  safeNextPath,
  SESSION_PARAM,
  type AuthDialog,
} from '@/lib/auth/auth-paths';
import { announceSession } from '@/lib/auth/session-channel';
import { setSessionStatus } from '@/lib/auth/session-status';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

function dialogOf(value: string | null): AuthDialog | null {
  return value === 'sign-in' || value === 'sign-up' ? value : null;
}

/**
 * Sign-in and sign-up, as dialogs over Home opened by `?auth=sign-in` / `?auth=sign-up`
 * (decision 004). Closing one removes the parameters; signing in goes to `next` (a path under
 * /app) or the dashboard.
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

  if (dialog !== null && isSignedIn) return <Navigate to={target} replace />;

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

  const title = dialog === 'sign-up' ? t('signUp.title') : t('signIn.title');

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
            <Anchor component={Link} to={authDialogPath('sign-in', next)} replace fw={600} inherit>
              {t('signUp.toSignIn')}
            </Anchor>
          </Text>
        </>
      ) : (
        <>
          {sessionEnded ? (
            <Alert color="blue" variant="light" mb="md" role="status">
              {t('signIn.sessionEnded')}
            </Alert>
          ) : null}
          <SignInForm onSignedIn={(user) => done(user, t('signIn.success', { name: user.name }))} />
          <Text fz="sm" ta="center" mt="md">
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to={authDialogPath('sign-up', next)} replace fw={600} inherit>
              {t('signIn.toSignUp')}
            </Anchor>
          </Text>
        </>
      )}
    </Modal>
  );
}
