import { Anchor, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router';
import { CLIENT_PAGE_SIZE_DEFAULT, type AgencyClient } from '@portal/contract/agency-clients';
import { CardList } from '@/components/ui/card-list';
import { ListPager } from '@/components/ui/list-pager';
import { ListState } from '@/components/ui/list-state';
import { paths } from '@/config/paths';
import { KycStatusBadge } from '@/components/ui/kyc-status-badge';
import { formatDateTime, formatKrw } from '@/lib/format';
import { useUrlSearch } from '@/lib/use-url-search';
import { useAgencyClients } from '@/features/agency-clients/api/get-agency-clients';
import { usePhone } from '@/lib/use-phone';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const clientPath = (id: string) => generatePath(paths.app.clientDetail, { id });

/**
 * The agency's Clients: search (debounced, in the URL with the page so a view can be shared and
 * the back button works), a table on wide screens and cards on phones, and paging.
 */
export function AgencyClients() {
  const { t, i18n } = useTranslation(['agencyClients', 'transactions']);
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const [search, setSearch, q] = useUrlSearch();
  const phone = usePhone();

  const clients = useAgencyClients({ q: q || undefined, page, pageSize: CLIENT_PAGE_SIZE_DEFAULT });
  const items = clients.data?.items ?? [];

  const goTo = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });

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

  const table = (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.email')}</Table.Th>
            <Table.Th>{t('columns.phone')}</Table.Th>
            <Table.Th>{t('columns.kyc')}</Table.Th>
            <Table.Th>{t('columns.joined')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.transactions')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.volume')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>{nameLink(client)}</Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {client.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {client.phone}
                </Text>
              </Table.Td>
              <Table.Td>
                <KycStatusBadge status={client.kycStatus} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{joined(client)}</Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Text fz="sm">{client.transactionCount.toLocaleString(i18n.language)}</Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {volume(client)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const cards = (
    <CardList items={items} label={t('tableLabel')} itemKey={(client) => client.id}>
      {(client) => (
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
    </CardList>
  );

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
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
          {phone ? cards : table}
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
              onChange={goTo}
            />
          ) : null}
        </ListState>
      </Paper>
    </Stack>
  );
}
