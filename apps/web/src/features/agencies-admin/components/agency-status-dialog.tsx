import { useTranslation } from 'react-i18next';
import { disableAgencyReasonSchema, type OperatorAgency } from '@portal/contract/agencies';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useChangeAgencyStatus } from '@/features/agencies-admin/api/change-agency-status';

/**
 * Disabling an agency asks for a reason (kept in the audit trail) and says what stops; enabling
 * asks once (docs/decisions/022).
 */
export function AgencyStatusDialog({
  agency,
  onClose,
}: {
  agency: OperatorAgency | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agenciesAdmin', 'errors']);
  const change = useChangeAgencyStatus();
  const name = agency?.name ?? '';
  const disabling = agency?.status === 'active';

  return (
    <>
      <ReasonDialog
        opened={agency !== null && disabling}
        onClose={onClose}
        title={t('status.disableTitle', { name })}
        lead={t('status.disableLead')}
        reasonLabel={t('status.reason')}
        reasonHint={t('status.reasonHint')}
        submitLabel={t('actions.disable')}
        schema={disableAgencyReasonSchema}
        onSubmit={async (reason) => {
          if (!agency) return;
          await change.mutateAsync({ id: agency.id, body: { status: 'disabled', reason } });
          toast('success', { message: t('status.disabled', { name }) });
        }}
      />
      <ConfirmDialog
        opened={agency !== null && !disabling}
        title={t('status.enableTitle', { name })}
        message={t('status.enableMessage')}
        confirmLabel={t('actions.enable')}
        loading={change.isPending}
        onClose={onClose}
        onConfirm={() => {
          if (!agency) return;
          change.mutate(
            { id: agency.id, body: { status: 'active' } },
            {
              onSuccess: () => {
                toast('success', { message: t('status.enabled', { name }) });
                onClose();
              },
              onError: (error) => toast('error', { message: errorMessage(t, error) }),
            },
          );
        }}
      />
    </>
  );
}
