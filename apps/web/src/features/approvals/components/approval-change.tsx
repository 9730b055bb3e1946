import { groupDigits, trimDecimal } from '@portal/contract/decimal';
import { rateChangePercent } from '@portal/contract/rates';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApprovalAction } from '@portal/contract/approvals';
import type { BankAccount } from '@portal/contract/agency-bank-account';
import { operatorTransactionPath } from '@/lib/transactions/transaction-path';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** "+9,900.00%", "-0.54%": the direction is part of what the checker judges. */
function percent(from: string, to: string): string {
  const value = rateChangePercent(from, to);
  return `${value.startsWith('-') ? '' : '+'}${groupDigits(value)}%`;
}

/**
 * What an approval changes, old -> new, in the words the rest of the product uses (docs/decisions/017):
 * the checker approves exactly what the maker saw when asking.
 */
export function ApprovalChange({ action }: { action: ApprovalAction }) {
  const { t } = useTranslation(['approvals', 'depositsAdmin', 'usersAdmin']);
  const krw = (amount: string) => t('change.krw', { amount: groupDigits(amount) });
  const transactionLink = (tx: { id: string; number: string }) => (
    <Anchor
      component={Link}
      to={operatorTransactionPath(tx.id)}
      fz="sm"
      fw={600}
      ff="monospace"
      aria-label={t('change.openTransaction', { number: tx.number })}
    >
      {tx.number}
    </Anchor>
  );
  const line = (children: ReactNode, strong = false) => (
    <Text fz="sm" fw={strong ? 600 : undefined} style={breakAnywhere}>
      {children}
    </Text>
  );
  const note = (value: string | null) =>
    value ? (
      <Text fz="xs" c="dark.6" style={breakAnywhere}>
        {t('change.note', { note: value })}
      </Text>
    ) : null;
  const fromTo = (from: ReactNode, to: ReactNode) => (
    <Group gap={6} wrap="wrap" align="center">
      <Text fz="sm" c="dark.6" style={breakAnywhere}>
        {from}
      </Text>
      <IconArrowRight size={14} aria-label={t('change.to')} />
      <Text fz="sm" fw={600} style={breakAnywhere}>
        {to}
      </Text>
    </Group>
  );
  const account = (value: BankAccount | null) =>
    value
      ? t('change.account', {
          bank: value.bankName,
          number: value.accountNumber,
          holder: value.accountHolder,
        })
      : t('change.noAccount');

  switch (action.kind) {
    case 'payout':
    case 'buy_cancellation': {
      const tx = action.transaction;
      return (
        <Stack gap={2}>
          <Group gap={6} wrap="wrap">
            {transactionLink(tx)}
            <Text fz="sm">· {tx.userName}</Text>
          </Group>
          {line(
            t('change.amountTotal', {
              amount: groupDigits(trimDecimal(tx.assetAmount)),
              asset: tx.asset,
              total: krw(tx.totalKrw),
            }),
          )}
          {action.kind === 'payout'
            ? note(action.note)
            : line(t('change.reason', { reason: action.reason }))}
        </Stack>
      );
    }
    case 'deposit_match': {
      const { deposit, transaction: tx } = action;
      const same = action.differenceKrw === '0' || Number(action.differenceKrw) === 0;
      return (
        <Stack gap={2}>
          {line(
            t('change.deposit', {
              name: deposit.depositorName,
              amount: krw(deposit.amountKrw),
              reference: deposit.bankReference,
            }),
          )}
          <Group gap={6} wrap="wrap">
            <Text fz="sm">{t('change.pays')}</Text>
            {transactionLink(tx)}
            <Text fz="sm">
              · {tx.userName} · {krw(tx.totalKrw)}
            </Text>
          </Group>
          <Text fz="sm" fw={700} c={same ? 'teal.9' : 'red.9'}>
            {same
              ? t('change.same')
              : t('change.difference', { amount: groupDigits(action.differenceKrw) })}
          </Text>
          {note(action.note)}
        </Stack>
      );
    }
    case 'deposit_refund': {
      const { deposit } = action;
      return (
        <Stack gap={2}>
          {line(
            t('change.deposit', {
              name: deposit.depositorName,
              amount: krw(deposit.amountKrw),
              reference: deposit.bankReference,
            }),
          )}
          {line(t('change.reason', { reason: t(`depositsAdmin:refundReasons.${action.reason}`) }))}
          {action.transaction ? (
            <Group gap={6} wrap="wrap">
              <Text fz="sm">{t('change.request')}</Text>
              {transactionLink(action.transaction)}
            </Group>
          ) : null}
          {note(action.note)}
        </Stack>
      );
    }
    case 'rate_change': {
      const rate = (key: 'buy' | 'sell') => {
        const from = key === 'buy' ? action.from.buyRateKrw : action.from.sellRateKrw;
        const to = key === 'buy' ? action.to.buyRateKrw : action.to.sellRateKrw;
        return (
          <Group gap={6} wrap="wrap">
            <Text fz="sm" w={48}>
              {t(`change.${key}`)}
            </Text>
            {fromTo(groupDigits(from), groupDigits(to))}
            <Text fz="sm" fw={700} c={from === to ? 'dark.6' : 'red.9'}>
              ({percent(from, to)})
            </Text>
          </Group>
        );
      };
      return (
        <Stack gap={2}>
          {line(t('change.rateOf', { asset: action.asset }), true)}
          {rate('buy')}
          {rate('sell')}
        </Stack>
      );
    }
    case 'agency_bank_account':
      return (
        <Stack gap={2}>
          {line(t('change.agency', { name: action.agency.name, code: action.agency.code }), true)}
          {fromTo(account(action.from), account(action.to))}
        </Stack>
      );
    case 'operator_role':
      return (
        <Stack gap={2}>
          {line(t('change.user', { name: action.user.name, email: action.user.email }), true)}
          {fromTo(t(`usersAdmin:roles.${action.fromRole}`), t(`usersAdmin:roles.${action.toRole}`))}
        </Stack>
      );
  }
}
