import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Audit />
    </RequireRole>
  );
}

function Audit() {
  const { t } = useTranslation(['auditLog', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.auditLog')} description={t('description')} />
      <AuditLog />
    </>
  );
}
