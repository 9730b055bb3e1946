import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceDesktop, IconReceipt, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Account } from '@portal/contract/accounts';
import type { OperatorUserPage, UserPageSession } from '@portal/contract/operator-workbench';
import type { OperatorTransaction } from '@portal/contract/transactions';
import { StatusBadge } from '@/components/transactions/status-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { formatAsset, formatKoreaDateTime, formatKrw } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { operatorTransactionPath } from '@/lib/transactions/transaction-path';
import { useEndUserSessions } from '@/features/users-admin/api/change-user';
import { Part } from '@/features/users-admin/components/user-page-parts';

const wrap = { overflowWrap: 'anywhere' } as const;
const shown = { isPending: false, isError: false, error: null };

/** The user's latest transactions, each opening its detail; the All tab has the rest. */
export function UserTransactions({ data }: { data: OperatorUserPage }) {
  const { t, i18n } = useTranslation(['usersAdmin', 'transactions']);
  const { items, total } = data.transactions;
  const when = (value: string) => formatKoreaDateTime(value, i18n.language);
  const number = (tx: OperatorTransaction) => (
    <Anchor component={Link} to={operatorTransactionPath(tx.id)} fz="sm" ff="monospace">
      {tx.number}
    </Anchor>
  );
  const amount = (tx: OperatorTransaction) => formatAsset(t, tx.amount, tx.merchant.asset);
  // The All tab searches by the user's email (docs/decisions/021).
  const all = `${paths.app.operatorTransactions}?queue=all&q=${encodeURIComponent(data.user.email)}`;
  return (
    <Part id="user-transactions" title={t('page.transactions')}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fz="sm" c="dark.6">
          {t('page.transactionsShown', { shown: items.length, count: total })}
        </Text>
        {total > 0 ? (
          <Anchor component={Link} to={all} fz="sm" fw={600}>
            {t('page.allTransactions', { count: total })}
          </Anchor>
        ) : null}
      </Group>
      <Paper withBorder radius="md">
        <ListState
          query={shown}
          isEmpty={items.length === 0}
          empty={{ icon: IconReceipt, title: t('page.noTransactions') }}
        >
          <ResponsiveList
            items={items}
            label={t('page.transactions')}
            itemKey={(tx) => tx.id}
            minWidth={760}
            columns={[
              { header: t('page.number'), cell: number },
              {
                header: t('page.type'),
                cell: (tx) => (
                  <Badge variant="default" radius="sm" tt="none">
                    {t(`transactions:type.${tx.type}`)}
                  </Badge>
                ),
              },
              { header: t('page.merchant'), cell: (tx) => <Text fz="sm">{tx.merchant.name}</Text> },
              {
                header: t('page.amount'),
                align: 'right',
                cell: (tx) => (
                  <>
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {amount(tx)}
                    </Text>
                    <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
                      {formatKrw(t, tx.totalKrw)}
                    </Text>
                  </>
                ),
              },
              { header: t('columns.status'), cell: (tx) => <StatusBadge status={tx.status} /> },
              { header: t('page.date'), cell: (tx) => <Text fz="sm">{when(tx.createdAt)}</Text> },
            ]}
            card={(tx) => (
              <>
                <Group justify="space-between" wrap="nowrap">
                  {number(tx)}
                  <StatusBadge status={tx.status} />
                </Group>
                <Text fz="sm">
                  {t(`transactions:type.${tx.type}`)} · {tx.merchant.name}
                </Text>
                <Text fz="sm">
                  {amount(tx)} · {formatKrw(t, tx.totalKrw)}
                </Text>
                <Text fz="xs" c="dark.6">
                  {when(tx.createdAt)}
                </Text>
              </>
            )}
          />
        </ListState>
      </Paper>
    </Part>
  );
}

/** The merchant accounts the user saved (the default first). */
export function UserAccounts({ accounts }: { accounts: Account[] }) {
  const { t, i18n } = useTranslation('usersAdmin');
  const when = (value: string) => formatKoreaDateTime(value, i18n.language);
  const name = (account: Account) => (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" fw={600}>
        {account.name}
      </Text>
      {account.isDefault ? (
        <Badge variant="light" radius="sm" tt="none" size="sm">
          {t('page.default')}
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Part id="user-accounts" title={t('page.accounts')}>
      <Paper withBorder radius="md">
        <ListState
          query={shown}
          isEmpty={accounts.length === 0}
          empty={{ icon: IconWallet, title: t('page.noAccounts') }}
        >
          <ResponsiveList
            items={accounts}
            label={t('page.accounts')}
            itemKey={(account) => account.id}
            minWidth={760}
            columns={[
              { header: t('page.accountName'), cell: name },
              {
                header: t('page.merchant'),
                cell: (account) => (
                  <Text fz="sm">
                    {account.merchant.name} ({account.merchant.asset})
                  </Text>
                ),
              },
              {
                header: t('page.accountNumber'),
                cell: (account) => (
                  <Text fz="sm" ff="monospace" style={wrap}>
                    {account.accountNumber}
                  </Text>
                ),
              },
              {
                header: t('page.holder'),
                cell: (account) => <Text fz="sm">{account.holderName}</Text>,
              },
              {
                header: t('page.added'),
                cell: (account) => <Text fz="sm">{when(account.createdAt)}</Text>,
              },
            ]}
            card={(account) => (
              <>
                {name(account)}
                <Text fz="sm">
                  {account.merchant.name} ({account.merchant.asset})
                </Text>
                <Text fz="sm" ff="monospace" style={wrap}>
                  {account.accountNumber} · {account.holderName}
                </Text>
                <Text fz="xs" c="dark.6">
                  {t('page.addedAt', { date: when(account.createdAt) })}
                </Text>
              </>
            )}
          />
        </ListState>
      </Paper>
    </Part>
  );
}

/**
 * Where the user is signed in now: when each session began, was last used, from where; and a way
 * to sign them out everywhere without disabling them (a lost phone, a shared computer).
 */
export function UserSessions({
  userId,
  sessions,
  isSelf,
}: {
  userId: string;
  sessions: UserPageSession[];
  isSelf: boolean;
}) {
  const { t, i18n } = useTranslation(['usersAdmin', 'errors']);
  const when = (value: string) => formatKoreaDateTime(value, i18n.language);
  const key = (session: UserPageSession) =>
    `${session.createdAt}|${session.ip ?? ''}|${session.userAgent ?? ''}`;
  const end = useEndUserSessions();
  const [confirming, setConfirming] = useState(false);
  const endAll = () =>
    end.mutate(userId, {
      onSuccess: (ended) => {
        setConfirming(false);
        toast('success', { message: t('page.sessionsEnded', { count: ended }) });
      },
      onError: (error) => toast('error', { message: errorMessage(t, error) }),
    });
  return (
    <Part id="user-sessions" title={t('page.sessions')}>
      {sessions.length > 0 && !isSelf ? (
        <Group justify="flex-end" mb="sm">
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            {t('page.endSessions')}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('page.endSessionsTitle')}
        message={t('page.endSessionsMessage')}
        confirmLabel={t('page.endSessions')}
        loading={end.isPending}
        onConfirm={endAll}
        onClose={() => setConfirming(false)}
      />
      <Paper withBorder radius="md">
        <ListState
          query={shown}
          isEmpty={sessions.length === 0}
          empty={{ icon: IconDeviceDesktop, title: t('page.noSessions') }}
        >
          <ResponsiveList
            items={sessions}
            label={t('page.sessions')}
            itemKey={key}
            minWidth={760}
            columns={[
              { header: t('page.signedIn'), cell: (s) => <Text fz="sm">{when(s.createdAt)}</Text> },
              {
                header: t('page.lastSeen'),
                cell: (s) => <Text fz="sm">{when(s.lastSeenAt)}</Text>,
              },
              {
                header: t('page.ip'),
                cell: (s) => (
                  <Text fz="sm" ff="monospace">
                    {s.ip ?? t('page.unknown')}
                  </Text>
                ),
              },
              {
                header: t('page.browser'),
                cellProps: { maw: 360 },
                cell: (s) => (
                  <Text fz="xs" style={wrap}>
                    {s.userAgent ?? t('page.unknown')}
                  </Text>
                ),
              },
            ]}
            card={(s) => (
              <>
                <Text fz="sm" fw={600}>
                  {t('page.lastSeenAt', { date: when(s.lastSeenAt) })}
                </Text>
                <Text fz="xs" c="dark.6">
                  {t('page.signedInAt', { date: when(s.createdAt) })}
                </Text>
                <Text fz="sm" ff="monospace">
                  {s.ip ?? t('page.unknown')}
                </Text>
                <Text fz="xs" style={wrap}>
                  {s.userAgent ?? t('page.unknown')}
                </Text>
              </>
            )}
          />
        </ListState>
      </Paper>
    </Part>
  );
}
