import { Alert, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCash,
  IconRosetteDiscountCheck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AgencyDashboardMonth } from '@portal/contract/agency-dashboard';
import { TRANSACTION_STATUSES } from '@portal/contract/transactions';
import { FigureCard } from '@/components/ui/figure-card';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/form-errors';
import { formatKrw } from '@/lib/format';
import { useAgencyDashboard } from '@/features/dashboard/api/get-agency-dashboard';
import { UpdateNote } from '@/features/dashboard/components/update-note';

/** "Nov 2026", "2026년 11월": a Korean calendar month of the wire's YYYY-MM. */
function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/**
 * An agency's dashboard (docs/decisions/022): its own clients and their transactions, never a
 * client's balance. Cards for the clients, the verified ones and the won completed; then the last
 * twelve Korean months by status, each month's completed won drawn as a bar.
 */
export function AgencySummary() {
  const { t, i18n } = useTranslation(['dashboard', 'transactions', 'errors']);
  const language = i18n.language;
  const dashboard = useAgencyDashboard();
  if (dashboard.isPending) return <Loader aria-label={t('dashboard:agency.loading')} />;
  if (dashboard.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(t, dashboard.error)}
      </Alert>
    );
  }
  const data = dashboard.data;
  const number = (value: number) => value.toLocaleString(language);
  const cards: Array<{ key: string; icon: Icon; value: string; detail: string; to?: string }> = [
    {
      key: 'clients',
      icon: IconUsers,
      value: number(data.clients),
      detail: t('dashboard:agency.clients.detail'),
      to: paths.app.clients,
    },
    {
      key: 'verified',
      icon: IconRosetteDiscountCheck,
      value: number(data.verifiedClients),
      detail: t('dashboard:agency.verified.detail', {
        percent: data.clients > 0 ? Math.round((data.verifiedClients / data.clients) * 100) : 0,
      }),
    },
    {
      key: 'volume',
      icon: IconCash,
      value: formatKrw(t, data.completedKrw),
      detail: t('dashboard:agency.volume.detail'),
      to: `${paths.app.clientTransactions}?status=Completed`,
    },
  ];
  // Newest first in the table; the bar compares each month with the biggest one.
  const months = [...data.months].reverse();
  const biggest = months.reduce(
    (most, month) => (BigInt(month.completedKrw) > most ? BigInt(month.completedKrw) : most),
    0n,
  );
  const share = (month: AgencyDashboardMonth) =>
    biggest === 0n ? 0 : Number((BigInt(month.completedKrw) * 1000n) / biggest) / 10;

  return (
    <Stack gap="lg">
      <UpdateNote updatedAt={dashboard.dataUpdatedAt || undefined} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {cards.map((card) => (
          <FigureCard
            key={card.key}
            id={`agency-figure-${card.key}`}
            icon={card.icon}
            title={t(`dashboard:agency.${card.key}.title`)}
            value={card.value}
            detail={card.detail}
            link={
              card.to ? { to: card.to, label: t(`dashboard:agency.${card.key}.link`) } : undefined
            }
          />
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" component="section" aria-labelledby="agency-months-title">
        <Stack gap={4} p="md" pb="xs">
          <Text id="agency-months-title" fw={700}>
            {t('dashboard:agency.months.title')}
          </Text>
          <Text fz="sm" c="dark.6">
            {t('dashboard:agency.months.hint')}
          </Text>
        </Stack>
        <ResponsiveList
          items={months}
          label={t('dashboard:agency.months.title')}
          itemKey={(month) => month.month}
          minWidth={720}
          dense
          columns={[
            {
              header: t('dashboard:agency.months.month'),
              cell: (month) => (
                <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {monthLabel(month.month, language)}
                </Text>
              ),
            },
            ...TRANSACTION_STATUSES.map((status) => ({
              header: t(`transactions:status.${status}`),
              align: 'right' as const,
              cell: (month: AgencyDashboardMonth) => (
                <Text fz="sm">{number(month.counts[status])}</Text>
              ),
            })),
            {
              header: t('dashboard:agency.months.completedKrw'),
              align: 'right',
              cellProps: { style: { minWidth: 180 } },
              cell: (month) => (
                <Stack gap={4} align="flex-end">
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatKrw(t, month.completedKrw)}
                  </Text>
                  <Progress value={share(month)} w="100%" size="sm" aria-hidden />
                </Stack>
              ),
            },
          ]}
          card={(month) => (
            <>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{monthLabel(month.month, language)}</Text>
                <Text fz="sm" fw={600}>
                  {formatKrw(t, month.completedKrw)}
                </Text>
              </Group>
              <Progress value={share(month)} size="sm" aria-hidden />
              <Text fz="sm" c="dark.6">
                {TRANSACTION_STATUSES.map(
                  (status) =>
                    `${t(`transactions:status.${status}`)} ${number(month.counts[status])}`,
                ).join(' · ')}
              </Text>
            </>
          )}
        />
      </Paper>
    </Stack>
  );
}
