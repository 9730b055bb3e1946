import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconReceipt, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AgencyClientDetail as Detail } from '@portal/contract/agency-clients';
import { apiErrorOf } from '@/lib/api-error';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { KycStatusBadge } from '@/components/ui/kyc-status-badge';
import { StatusBadge } from '@/components/transactions/status-badge';
import { formatAsset, formatDateTime, formatKrw } from '@/lib/format';
import { useAgencyClient } from '@/features/agency-clients/api/get-agency-client';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dark.6" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One client of the agency: contact, verification, accounts and the last transactions. */
export function AgencyClientDetail({ id }: { id: string }) {
  const { t } = useTranslation(['agencyClients', 'common']);
  const client = useAgencyClient(id);
  const notFound = apiErrorOf(client.error)?.code === 'NOT_FOUND';
  const back = (
    <Anchor component={Link} to={paths.app.clients} fz="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (!client.data) {
    return (
      <>
        <ScreenHeader title={t('detail.title')}>{back}</ScreenHeader>
        <Paper withBorder radius="md">
          {notFound ? (
            <ListState
              query={{ isPending: false, isError: false, error: null }}
              isEmpty
              empty={{ icon: IconUserQuestion, title: t('detail.notFound') }}
            >
              {null}
            </ListState>
          ) : (
            <ListState
              query={client}
              isEmpty={false}
              empty={{ icon: IconUserQuestion, title: t('detail.notFound') }}
              loadingLabel={t('loading')}
              retryLabel={t('retry')}
            >
              {null}
            </ListState>
          )}
        </Paper>
      </>
    );
  }
  return <ClientFacts client={client.data} back={back} />;
}

function ClientFacts({ client, back }: { client: Detail; back: ReactNode }) {
  const { t, i18n } = useTranslation(['agencyClients', 'kyc', 'transactions']);
  const recent = client.recentTransactions;
  const total = (transaction: Detail['recentTransactions'][number]) =>
    formatKrw(t, transaction.totalKrw);
  const amount = (transaction: Detail['recentTransactions'][number]) =>
    formatAsset(t, transaction.amount, transaction.asset);

  return (
    <>
      <ScreenHeader title={client.name} description={t('detail.description')}>
        {back}
      </ScreenHeader>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            <Fact label={t('columns.email')}>{client.email}</Fact>
            <Fact label={t('columns.phone')}>{client.phone}</Fact>
            <Fact label={t('columns.joined')}>
              {formatDateTime(client.joinedAt, i18n.language)}
            </Fact>
            <Fact label={t('columns.kyc')}>
              <KycStatusBadge status={client.kycStatus} />
            </Fact>
            <Fact label={t('columns.transactions')}>
              {client.transactionCount.toLocaleString(i18n.language)}
            </Fact>
            <Fact label={t('columns.volume')}>{formatKrw(t, client.volumeKrw)}</Fact>
            <Fact label={t('detail.accounts')}>
              {t('detail.accountCount', { count: client.merchantAccountCount })}
            </Fact>
          </SimpleGrid>
        </Paper>

        <section aria-labelledby="client-documents">
          <Title order={2} fz="lg" mb="sm" id="client-documents">
            {t('detail.documents')}
          </Title>
          <Paper withBorder radius="md">
            <CardList
              items={client.kycDocuments}
              label={t('detail.documents')}
              itemKey={(document) => document.kind}
            >
              {(document) => (
                <Group justify="space-between" gap="sm">
                  <Text fz="sm">{t(`kyc:kinds.${document.kind}.title`)}</Text>
                  <KycStatusBadge status={document.status} />
                </Group>
              )}
            </CardList>
          </Paper>
        </section>

        <section aria-labelledby="client-transactions">
          <Title order={2} fz="lg" mb="sm" id="client-transactions">
            {t('detail.recent')}
          </Title>
          <Paper withBorder radius="md">
            <ListState
              query={{ isPending: false, isError: false, error: null }}
              isEmpty={recent.length === 0}
              empty={{ icon: IconReceipt, title: t('detail.noTransactions') }}
            >
              <ResponsiveList
                items={recent}
                label={t('detail.recent')}
                itemKey={(item) => item.id}
                minWidth={720}
                columns={[
                  {
                    header: t('recentColumns.number'),
                    cell: (item) => (
                      <Text fz="sm" ff="monospace">
                        {item.number}
                      </Text>
                    ),
                  },
                  {
                    header: t('recentColumns.type'),
                    cell: (item) => (
                      <Badge variant="default" radius="sm" tt="none">
                        {t(`transactions:type.${item.type}`)}
                      </Badge>
                    ),
                  },
                  {
                    header: t('recentColumns.merchant'),
                    cell: (item) => <Text fz="sm">{item.merchantName}</Text>,
                  },
                  {
                    header: t('recentColumns.amount'),
                    align: 'right',
                    cell: (item) => (
                      <>
                        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                          {amount(item)}
                        </Text>
                        <Text fz="xs" c="dark.6" style={{ whiteSpace: 'nowrap' }}>
                          {total(item)}
                        </Text>
                      </>
                    ),
                  },
                  {
                    header: t('recentColumns.status'),
                    cell: (item) => <StatusBadge status={item.status} />,
                  },
                  {
                    header: t('recentColumns.date'),
                    cell: (item) => (
                      <Text fz="sm">{formatDateTime(item.createdAt, i18n.language)}</Text>
                    ),
                  },
                ]}
                card={(item) => (
                  <>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600} fz="sm" ff="monospace">
                        {item.number}
                      </Text>
                      <StatusBadge status={item.status} />
                    </Group>
                    <Text fz="sm">
                      {t(`transactions:type.${item.type}`)} · {item.merchantName}
                    </Text>
                    <Text fz="sm">
                      {amount(item)} · {total(item)}
                    </Text>
                    <Text fz="xs" c="dark.6">
                      {formatDateTime(item.createdAt, i18n.language)}
                    </Text>
                  </>
                )}
              />
            </ListState>
          </Paper>
        </section>
      </Stack>
    </>
  );
}
