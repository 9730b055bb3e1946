import { useParams } from 'react-router';
import { RequireRole } from '@/lib/auth/require-role';
import { AgencyClientDetail } from '@/features/agency-clients/components/agency-client-detail';
import { Component as NotFound } from '@/app/routes/not-found';

/** A client's detail, for its partner agency only. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['agency']} fallback={<NotFound />}>
      <AgencyClientDetail id={id} />
    </RequireRole>
  );
}
