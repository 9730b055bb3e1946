import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { ReconciliationReport } from '@/features/reconciliation/components/reconciliation-report';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Reconciliation />
    </RequireRole>
  );
}

function Reconciliation() {
  const { t } = useTranslation(['reconciliation', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.reconciliation')} description={t('description')} />
      <ReconciliationReport />
    </>
  );
}
