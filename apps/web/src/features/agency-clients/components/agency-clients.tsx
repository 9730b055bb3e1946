import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import { generatePath, Link } from 'react-router';
import {
  agencyClientsQuerySchema,
  CLIENT_PAGE_SIZE_DEFAULT,
  type AgencyClient,
} from '@portal/contract/agency-clients';
import { ListPager } from '@/components/ui/list-pager';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { KycStatusBadge } from '@/components/ui/kyc-status-badge';
import { formatDateTime, formatKrw } from '@/lib/format';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { useAgencyClients } from '@/features/agency-clients/api/get-agency-clients';

/** What the list shows, in the address: ?q=&page= */
const clientsListState = agencyClientsQuerySchema.pick({ q: true, page: true });

export const clientPath = (id: string) => generatePath(paths.app.clientDetail, { id });

/**
 * The agency's Clients: search (debounced, in the URL with the page so a view can be shared and
 * the back button works), a table on wide screens and cards on phones, and paging.
 */
export function AgencyClients() {
  const { t, i18n } = useTranslation(['agencyClients', 'transactions']);
  const view = useListState(clientsListState);
  const { q, page } = view.query;
  const search = useListSearch(view);

  const clients = useAgencyClients({ q, page, pageSize: CLIENT_PAGE_SIZE_DEFAULT });
  const items = clients.data?.items ?? [];

  const volume = (client: AgencyClient) => formatKrw(t, client.volumeKrw);
  const joined = (client: AgencyClient) => formatDateTime(client.joinedAt, i18n.language);
  const nameLink = (client: AgencyClient) => (
    <Anchor
      component={Link}
      to={clientPath(client.id)}
      fw={600}
      fz="sm"
      aria-label={t('openDetail', { name: client.name })}
    >
      {client.name}
    </Anchor>
  );

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(client) => client.id}
      minWidth={860}
      columns={[
        { header: t('columns.name'), cell: (client) => nameLink(client) },
        {
          header: t('columns.email'),
          cell: (client) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {client.email}
            </Text>
          ),
        },
        {
          header: t('columns.phone'),
          cell: (client) => (
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {client.phone}
            </Text>
          ),
        },
        {
          header: t('columns.kyc'),
          cell: (client) => <KycStatusBadge status={client.kycStatus} />,
        },
        { header: t('columns.joined'), cell: (client) => <Text fz="sm">{joined(client)}</Text> },
        {
          header: t('columns.transactions'),
          align: 'right',
          cell: (client) => (
            <Text fz="sm">{client.transactionCount.toLocaleString(i18n.language)}</Text>
          ),
        },
        {
          header: t('columns.volume'),
          align: 'right',
          cell: (client) => (
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {volume(client)}
            </Text>
          ),
        },
      ]}
      card={(client) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {nameLink(client)}
            <KycStatusBadge status={client.kycStatus} />
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {client.email}
          </Text>
          <Text fz="sm">{client.phone}</Text>
          <Text fz="sm" c="dark.6">
            {t('card.summary', {
              count: client.transactionCount,
              volume: volume(client),
            })}
          </Text>
          <Text fz="xs" c="dark.6">
            {t('card.joined', { date: joined(client) })}
          </Text>
        </>
      )}
    />
  );

  return (
    <Stack gap="md">
      <SearchBox
        search={search}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        maw={420}
      />
      <Paper withBorder radius="md">
        <ListState
          query={clients}
          isEmpty={items.length === 0}
          empty={
            q
              ? { icon: IconSearch, title: t('emptySearch.title'), hint: t('emptySearch.hint') }
              : { icon: IconUsers, title: t('empty.title'), hint: t('empty.hint') }
          }
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          {list}
          {clients.data ? (
            <ListPager
              page={clients.data.page}
              pageSize={clients.data.pageSize}
              total={clients.data.total}
              showing={(range) => t('paging.showing', range)}
              label={t('paging.label')}
              controlLabel={(control) =>
                typeof control === 'number'
                  ? t('paging.page', { page: control })
                  : t(`paging.${control}`)
              }
              onChange={(next) => view.change({ page: next })}
            />
          ) : null}
        </ListState>
      </Paper>
    </Stack>
  );
}
