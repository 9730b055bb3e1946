import { Alert, Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Said on Buy and Sell until the user's four identity documents are approved: the server
 * refuses both until then (KYC_REQUIRED, docs/decisions/010).
 */
export function VerificationRequired() {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock aria-hidden />}
      title={t('verificationRequired.title')}
      role="alert"
    >
      {t('verificationRequired.text')}{' '}
      <Anchor component={Link} to={paths.app.profile} fw={600} fz="sm">
        {t('verificationRequired.link')}
      </Anchor>
    </Alert>
  );
}
