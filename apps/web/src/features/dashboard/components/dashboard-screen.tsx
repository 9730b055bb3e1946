import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { useTransactions } from '@/lib/transactions/get-transactions';
import { useUser } from '@/lib/user/user-context';
import { useOpenTransactions } from '@/features/dashboard/api/get-open-transactions';
import { AgencySummary } from '@/features/dashboard/components/agency-summary';
import { OperatorWorkSummary } from '@/features/dashboard/components/operator-work';
import { PositionSummary } from '@/features/dashboard/components/position-summary';
import { TransactionTable } from '@/features/dashboard/components/transaction-table';
import { UpdateNote } from '@/features/dashboard/components/update-note';

/** How many rows each dashboard table shows; View All leads to the rest. */
export const DASHBOARD_ROWS = 5;

/**
 * The dashboard (docs/PRODUCT.md "Screens"): a greeting with the user's name, balance and open position, the
 * last transactions and the requests still open, and the note that data refreshes every few
 * minutes (and arrives live). Operators see the work waiting for them instead, and agency users
 * their agency's own figures (docs/decisions/022).
 */
export function DashboardScreen() {
  const { t } = useTranslation(['common', 'dashboard']);
  const { role, user, isLoading } = useUser();
  // The layout waits for the user already; this keeps a client's queries from an operator's page.
  if (isLoading) return null;
  return (
    <Stack gap="xl">
      {/* Every screen's heading is its name in the menu; the greeting comes right under it. */}
      <ScreenHeader title={t('common:nav.dashboard')}>
        <Text fz="xl" fw={600}>
          {user.name ? t('dashboard:greeting', { name: user.name }) : t('dashboard:greetingNoName')}
        </Text>
        <Text c="gray.7" maw={720}>
          {t(
            role === 'operator'
              ? 'dashboard:lead.operator'
              : role === 'agency'
                ? 'dashboard:lead.agency'
                : 'dashboard:lead.user',
          )}
        </Text>
      </ScreenHeader>
      {role === 'operator' ? (
        <OperatorWorkSummary />
      ) : role === 'agency' ? (
        <AgencySummary />
      ) : (
        <UserDashboard />
      )}
    </Stack>
  );
}

function UserDashboard() {
  const { t } = useTranslation('dashboard');
  const last = useTransactions({ pageSize: DASHBOARD_ROWS });
  const open = useOpenTransactions(DASHBOARD_ROWS);
  return (
    <>
      <UpdateNote updatedAt={last.dataUpdatedAt || undefined} />
      <PositionSummary />
      {/* One table above the other: with amount and date, two side by side would scroll. */}
      <Stack gap="xl">
        <TransactionTable
          id="dashboard-last-title"
          title={t('last.title')}
          query={last}
          empty={{ title: t('last.empty'), hint: t('last.emptyHint') }}
          action={
            <Anchor component={Link} to={paths.app.transactions} fw={600} fz="sm">
              <Group gap={4} wrap="nowrap" component="span">
                {t('viewAll')}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Anchor>
          }
        />
        <TransactionTable
          id="dashboard-open-title"
          title={t('open.title')}
          query={open}
          empty={{ icon: IconClockHour4, title: t('open.empty'), hint: t('open.emptyHint') }}
          action={
            open.data && open.data.total > open.data.items.length ? (
              <Text fz="sm" c="dark.6">
                {t('open.more', { number: open.data.total - open.data.items.length })}
              </Text>
            ) : null
          }
        />
      </Stack>
    </>
  );
}
