import { useTranslation } from 'react-i18next';
import { rejectApprovalRequestSchema, type Approval } from '@portal/contract/approvals';
import { Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { apiErrorOf } from '@/lib/api-error';
import { useWithdrawApproval } from '@/lib/approvals/withdraw-approval';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { invalidateAfterDecision, useDecideApproval } from '@/features/approvals/api/approvals';
import { ApprovalChange } from '@/features/approvals/components/approval-change';

/** What a person asked to do with one approval, before it is confirmed. */
export interface Asked {
  approval: Approval;
  action: 'approve' | 'reject' | 'withdraw';
}

/** Someone else decided first, or the maker is asking: said as a warning, not a failure. */
const EXPECTED = new Set(['APPROVAL_ALREADY_DECIDED', 'APPROVAL_OWN_ACTION']);

/**
 * Approve asks first and shows the change; Reject takes a reason the maker reads (the shared
 * reason dialog); Withdraw asks first. Refusals are said in the one error-message path.
 */
export function ApprovalDialogs({ asked, onClose }: { asked: Asked | null; onClose: () => void }) {
  const { t } = useTranslation(['approvals', 'common', 'errors']);
  const queryClient = useQueryClient();
  const decide = useDecideApproval();
  const withdraw = useWithdrawApproval(() => invalidateAfterDecision(queryClient));
  const approval = asked?.approval ?? null;
  const kind = approval ? t(`common:approvals.kinds.${approval.action.kind}`) : '';

  const refused = (error: unknown) => {
    const code = apiErrorOf(error)?.code;
    toast(code && EXPECTED.has(code) ? 'warning' : 'error', { message: errorMessage(t, error) });
  };

  const approve = async () => {
    if (!approval) return;
    try {
      await decide.mutateAsync({ id: approval.id, approve: true });
      toast('success', { message: t('done.approved', { kind }) });
    } catch (error) {
      refused(error);
    } finally {
      onClose();
    }
  };

  const takeBack = async () => {
    if (!approval) return;
    try {
      await withdraw.mutateAsync(approval.id);
      toast('success', { message: t('done.withdrawn', { kind }) });
    } catch (error) {
      refused(error);
    } finally {
      onClose();
    }
  };

  return (
    <>
      <ConfirmDialog
        opened={asked?.action === 'approve'}
        title={t('approve.title', { kind })}
        message={approval ? t('approve.message', { name: approval.requestedBy.name }) : ''}
        confirmLabel={t('approve.submit')}
        confirmColor="teal.9"
        loading={decide.isPending}
        onConfirm={() => void approve()}
        onClose={onClose}
      >
        {approval ? (
          <Paper withBorder radius="md" p="sm" mt="md">
            <ApprovalChange action={approval.action} />
          </Paper>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asked?.action === 'withdraw'}
        title={t('withdraw.title', { kind })}
        message={t('withdraw.message')}
        confirmLabel={t('withdraw.submit')}
        dismissLabel={t('withdraw.keep')}
        loading={withdraw.isPending}
        onConfirm={() => void takeBack()}
        onClose={onClose}
      >
        {approval ? (
          <Paper withBorder radius="md" p="sm" mt="md">
            <ApprovalChange action={approval.action} />
          </Paper>
        ) : null}
      </ConfirmDialog>
      <ReasonDialog
        opened={asked?.action === 'reject'}
        onClose={onClose}
        title={t('reject.title', { kind })}
        lead={approval ? t('reject.lead', { name: approval.requestedBy.name }) : null}
        reasonLabel={t('reject.reason')}
        reasonHint={t('reject.reasonHint')}
        submitLabel={t('reject.submit')}
        schema={rejectApprovalRequestSchema}
        onSubmit={async (reason) => {
          if (!approval) return;
          await decide.mutateAsync({ id: approval.id, reject: { reason } });
          toast('success', { message: t('done.rejected', { kind }) });
        }}
      />
    </>
  );
}
