import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Approval } from '@portal/contract/approvals';
import type { BankAccount } from '@portal/contract/agency-bank-account';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useWithdrawApproval } from '@/lib/approvals/withdraw-approval';
import { formatKoreaDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { agencyBankAccountQueryKey } from '@/features/agency-bank-account/api/get-agency-bank-account';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The account an approval would put in force (only an agency bank account approval has one). */
function proposedAccount(approval: Approval): BankAccount | null {
  return approval.action.kind === 'agency_bank_account' ? approval.action.to : null;
}

function AccountLines({ account }: { account: BankAccount }) {
  const { t } = useTranslation('agencyBankAccount');
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={600} style={breakAnywhere}>
        {account.bankName} {account.accountNumber}
      </Text>
      <Text fz="sm" style={breakAnywhere}>
        {t('proposal.holder', { holder: account.accountHolder })}
      </Text>
    </Stack>
  );
}

/**
 * Beside the account in force (docs/decisions/017): the new account waiting for the operator's
 * approval, with who asked and when and a Withdraw; or, when none waits, why the last one was
 * rejected. Clients only ever see the account in force.
 */
export function ProposedAccount({
  proposal,
  lastRejected,
}: {
  proposal: Approval | null;
  lastRejected: Approval | null;
}) {
  const { t, i18n } = useTranslation(['agencyBankAccount', 'errors']);
  const queryClient = useQueryClient();
  const withdraw = useWithdrawApproval(() =>
    queryClient.invalidateQueries({ queryKey: agencyBankAccountQueryKey }),
  );
  const [confirming, setConfirming] = useState(false);
  const at = (iso: string) => formatKoreaDateTime(iso, i18n.language);

  if (proposal) {
    const account = proposedAccount(proposal);
    const takeBack = async () => {
      try {
        await withdraw.mutateAsync(proposal.id);
        toast('success', { message: t('proposal.withdrawn') });
      } catch (error) {
        toast('error', { message: errorMessage(t, error) });
      } finally {
        setConfirming(false);
      }
    };
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconHourglass aria-hidden />}
        title={t('proposal.title')}
        role="status"
      >
        <Stack gap="xs">
          {account ? <AccountLines account={account} /> : null}
          <Text fz="sm" c="dark.7">
            {t('proposal.requested', {
              name: proposal.requestedBy.name,
              at: at(proposal.requestedAt),
            })}
          </Text>
          <Text fz="sm" c="dark.7">
            {t('proposal.meanwhile')}
          </Text>
          <Group>
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              {t('proposal.withdraw')}
            </Button>
          </Group>
        </Stack>
        <ConfirmDialog
          opened={confirming}
          title={t('proposal.withdrawTitle')}
          message={t('proposal.withdrawMessage')}
          confirmLabel={t('proposal.withdraw')}
          dismissLabel={t('proposal.keep')}
          loading={withdraw.isPending}
          onConfirm={() => void takeBack()}
          onClose={() => setConfirming(false)}
        />
      </Alert>
    );
  }
  if (lastRejected) {
    const account = proposedAccount(lastRejected);
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('rejected.title')}
      >
        <Stack gap="xs">
          {account ? <AccountLines account={account} /> : null}
          {lastRejected.decidedAt ? (
            <Text fz="sm" c="dark.7">
              {t('rejected.when', { at: at(lastRejected.decidedAt) })}
            </Text>
          ) : null}
          {lastRejected.rejectionReason ? (
            <Text fz="sm" fw={600} style={breakAnywhere}>
              {t('rejected.reason', { reason: lastRejected.rejectionReason })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return null;
}
