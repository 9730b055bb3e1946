import { useParams } from 'react-router';
import { RequireRole } from '@/lib/auth/require-role';
import { UserPage } from '@/features/users-admin/components/user-page';
import { Component as NotFound } from '@/app/routes/not-found';

/** Operator only: one user in full (docs/decisions/021). */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['operator']} fallback={<NotFound />}>
      <UserPage key={id} id={id} />
    </RequireRole>
  );
}
