import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { ApprovalsQueue } from '@/features/approvals/components/approvals-queue';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Screen />
    </RequireRole>
  );
}

function Screen() {
  const { t } = useTranslation(['approvals', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.approvals')} description={t('description')} />
      <ApprovalsQueue />
    </>
  );
}
