import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { koreanBankName } from '@portal/contract/korean-banks';
import { paths } from '@/config/paths';
import { usePayee } from '@/lib/payee';

/**
 * The Sell screen's word on where the won goes: the registered payee, or an alert to register one
 * on Profile (a sell is refused without one, PAYEE_REQUIRED).
 */
export function PayeeNotice() {
  const { t, i18n } = useTranslation(['payee', 'errors']);
  const payee = usePayee();
  if (payee.isPending) return <Loader size="xs" aria-label={t('payee:form.loading')} />;
  if (payee.isError) return null;
  const profileLink = (
    <Anchor component={Link} to={paths.app.profile} fw={600} fz="sm">
      {payee.data ? t('payee:notice.change') : t('payee:notice.register')}
    </Anchor>
  );
  if (!payee.data) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('payee:notice.missingTitle')}
        role="alert"
      >
        {t('payee:notice.missing')} {profileLink}
      </Alert>
    );
  }
  const { bankCode, accountNumber, holderName } = payee.data;
  return (
    <Alert color="blue" variant="light" icon={<IconBuildingBank aria-hidden />} aria-live="polite">
      <Text fz="sm">
        {t('payee:notice.paidTo', {
          bank: koreanBankName(bankCode, i18n.language) ?? bankCode,
          accountNumber,
          holder: holderName,
        })}{' '}
        {profileLink}
      </Text>
    </Alert>
  );
}
