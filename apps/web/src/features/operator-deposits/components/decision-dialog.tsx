import { groupDigits } from '@portal/contract/decimal';
import {
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DepositCandidate } from '@portal/contract/deposits';
import { type Deposit } from '@portal/contract/transactions';
import { koreanLineBreaks } from '@/components/layouts/korean-line-breaks';
import { FormAlert } from '@/components/ui/form-alert';
import { ListState } from '@/components/ui/list-state';
import { formatKoreaDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import {
  useDecideDeposit,
  useDepositDetail,
} from '@/features/operator-deposits/api/deposit-decisions';
import {
  RefundForm,
  RefundedForm,
  WriteOffForm,
} from '@/features/operator-deposits/components/decision-forms';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * One screen for a deposit that did not settle a buy by itself (docs/decisions/010): the
 * deposit, the buys it could pay side by side with names and amounts, "Match to this buy" (a
 * differing amount only once accepted), "Refund", and for a refund due "Record the refund" or
 * "Write off".
 */
export function DecisionDialog({
  deposit,
  onClose,
}: {
  deposit: Deposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['depositsAdmin', 'common']);
  return (
    <Modal
      opened={deposit !== null}
      onClose={onClose}
      size="xl"
      title={deposit ? t('decide.title', { reference: deposit.bankReference }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ content: koreanLineBreaks, title: { fontWeight: 700 } }}
    >
      {deposit ? <Decisions id={deposit.id} onDone={onClose} /> : null}
    </Modal>
  );
}

function Decisions({ id, onDone }: { id: string; onDone: () => void }) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'errors']);
  const query = useDepositDetail(id);
  const detail = query.data;
  const deposit = detail?.deposit;
  const usable = deposit?.status === 'review' || deposit?.status === 'refund_due';
  const language = i18n.language;
  return (
    <ListState
      query={query}
      isEmpty={false}
      empty={{ icon: IconBuildingBank, title: '' }}
      retryLabel={t('retry')}
    >
      {deposit && detail ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fz="sm">
              {t('decide.lead', {
                amount: groupDigits(deposit.amountKrw),
                name: deposit.depositorName,
                at: formatKoreaDateTime(deposit.receivedAt, language),
              })}
            </Text>
            <Text fz="sm" c="dark.6">
              {deposit.receivingAccount
                ? t('decide.into', { account: deposit.receivingAccount })
                : t('decide.intoUnknown')}
            </Text>
            {deposit.reviewReason ? (
              <Text fz="sm" c="dark.7">
                {t(`reasons.${deposit.reviewReason}`)}
              </Text>
            ) : null}
          </Stack>
          {usable ? (
            <>
              <Title order={3} fz="md">
                {t('decide.candidates')}
              </Title>
              {detail.candidates.length === 0 ? (
                <Text fz="sm" c="dark.6">
                  {t('decide.noCandidates')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {detail.candidates.map((candidate) => (
                    <Candidate
                      key={candidate.id}
                      deposit={deposit}
                      candidate={candidate}
                      onDone={onDone}
                    />
                  ))}
                </SimpleGrid>
              )}
              <Divider />
              {deposit.status === 'review' ? (
                <RefundForm deposit={deposit} onDone={onDone} />
              ) : null}
              {deposit.status === 'refund_due' ? (
                <RefundedForm deposit={deposit} onDone={onDone} />
              ) : null}
              <Divider />
              <WriteOffForm deposit={deposit} onDone={onDone} />
            </>
          ) : (
            <Text fz="sm" c="dark.6">
              {t('decide.final')}
            </Text>
          )}
        </Stack>
      ) : null}
    </ListState>
  );
}

function Candidate({
  deposit,
  candidate,
  onDone,
}: {
  deposit: Deposit;
  candidate: DepositCandidate;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['depositsAdmin', 'errors', 'transactions']);
  const language = i18n.language;
  const decide = useDecideDeposit(deposit.id);
  const sentForApproval = useAnnounceSentForApproval();
  const differs = candidate.differenceKrw !== '0';
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const match = async () => {
    setError(null);
    try {
      const result = await decide.mutateAsync({
        kind: 'match',
        body: { transactionId: candidate.id, acceptAmountDifference: differs && accepted },
      });
      if (result.done) {
        toast('success', {
          message: t('decide.matched', {
            reference: deposit.bankReference,
            number: candidate.number,
          }),
        });
      } else void sentForApproval();
      onDone();
    } catch (caught) {
      setError(errorMessage(t, caught));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={t('decide.candidateLabel', { number: candidate.number })}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} ff="monospace">
            {candidate.number}
          </Text>
          <Badge variant="light" color="gray">
            {t(`transactions:status.${candidate.status}`)}
          </Badge>
        </Group>
        <Text fz="sm" fw={600}>
          {candidate.userName}
        </Text>
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {candidate.userEmail}
        </Text>
        <Text fz="sm">
          {t('krw', { amount: groupDigits(candidate.totalKrw) })} · {groupDigits(candidate.amount)}{' '}
          {candidate.asset}
        </Text>
        <Text fz="sm" c={differs ? 'red.8' : 'teal.8'} fw={600}>
          {differs
            ? t('decide.difference', { amount: groupDigits(candidate.differenceKrw) })
            : t('decide.same')}
        </Text>
        {candidate.depositAccountNumber ? (
          <Text fz="xs" c="dark.6">
            {t('decide.shownAccount', { account: candidate.depositAccountNumber })}
          </Text>
        ) : null}
        <Text fz="xs" c="dark.6">
          {formatKoreaDateTime(candidate.createdAt, language)}
        </Text>
        {candidate.matchable ? (
          <Stack gap="xs" mt={4}>
            {differs ? (
              <Checkbox
                checked={accepted}
                onChange={(event) => setAccepted(event.currentTarget.checked)}
                label={t('decide.accept', {
                  krw: groupDigits(deposit.amountKrw),
                  amount: groupDigits(candidate.amountAtDeposit),
                  asset: candidate.asset,
                  rate: groupDigits(candidate.rateKrw),
                })}
              />
            ) : null}
            <FormAlert message={error} />
            <Button
              size="xs"
              onClick={() => void match()}
              loading={decide.isPending}
              disabled={differs && !accepted}
              aria-label={t('decide.matchLabel', {
                reference: deposit.bankReference,
                number: candidate.number,
              })}
            >
              {t('decide.match')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
