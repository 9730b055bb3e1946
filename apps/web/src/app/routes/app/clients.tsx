import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/ui/screen-header';
import { RequireRole } from '@/lib/auth/require-role';
import { AgencyClients } from '@/features/agency-clients/components/agency-clients';
import { Component as NotFound } from '@/app/routes/not-found';

/** Partner agencies only: anyone else gets the not-found page (the server refuses them too). */
export function Component() {
  return (
    <RequireRole roles={['agency']} fallback={<NotFound />}>
      <Clients />
    </RequireRole>
  );
}

function Clients() {
  const { t } = useTranslation('common');
  return (
    <>
      <ScreenHeader title={t('nav.clients')} description={t('screens.clients.description')} />
      <AgencyClients />
    </>
  );
}
