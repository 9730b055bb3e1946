import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { UsersAdmin } from '@/features/users-admin/components/users-admin';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: anyone else gets the not-found page (the server refuses them as well). */
export function Component() {
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <Users />
    </RequireRole>
  );
}

function Users() {
  const { t } = useTranslation(['usersAdmin', 'common']);
  return (
    <>
      <ScreenHeader title={t('common:nav.usersAdmin')} description={t('description')} />
      <UsersAdmin />
    </>
  );
}
