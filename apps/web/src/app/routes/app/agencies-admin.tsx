import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { AgenciesAdmin } from '@/features/agencies-admin/components/agencies-admin';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Agencies />
    </RequireRole>
  );
}

function Agencies() {
  const { t } = useTranslation(['agenciesAdmin', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.agenciesAdmin')} description={t('description')} />
      <AgenciesAdmin />
    </>
  );
}
