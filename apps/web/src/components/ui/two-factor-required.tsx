import { Alert, Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Said on Sell and on the payout-account form until the user has two-factor sign-in on: the
 * server refuses both until then (TWO_FACTOR_REQUIRED, docs/decisions/026). Links to Profile's
 * two-factor card.
 */
export function TwoFactorRequired() {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock aria-hidden />}
      title={t('twoFactorRequired.title')}
      role="alert"
    >
      {t('twoFactorRequired.text')}{' '}
      <Anchor component={Link} to={`${paths.app.profile}#two-factor`} fw={600} fz="sm">
        {t('twoFactorRequired.link')}
      </Anchor>
    </Alert>
  );
}
