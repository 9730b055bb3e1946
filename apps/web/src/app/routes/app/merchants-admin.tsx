import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { MerchantsAdmin } from '@/features/merchants-admin/components/merchants-admin';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Merchants />
    </RequireRole>
  );
}

function Merchants() {
  const { t } = useTranslation(['merchantsAdmin', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.merchantsAdmin')} description={t('description')} />
      <MerchantsAdmin />
    </>
  );
}
