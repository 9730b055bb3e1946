import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/user/user-context';

/** Sign in / Sign up, or the way into the portal for someone already signed in. */
export function AccountButtons({
  onNavigate,
  fullWidth = false,
}: {
  onNavigate?: () => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('common');
  const { isSignedIn } = useUser();
  if (isSignedIn) {
    return (
      <Button component={Link} to={paths.app.dashboard} onClick={onNavigate} fullWidth={fullWidth}>
        {t('actions.goToDashboard')}
      </Button>
    );
  }
  return (
    <>
      <Button
        component={Link}
        to={paths.signIn}
        variant="default"
        onClick={onNavigate}
        fullWidth={fullWidth}
      >
        {t('actions.signIn')}
      </Button>
      <Button component={Link} to={paths.signUp} onClick={onNavigate} fullWidth={fullWidth}>
        {t('actions.signUp')}
      </Button>
    </>
  );
}
