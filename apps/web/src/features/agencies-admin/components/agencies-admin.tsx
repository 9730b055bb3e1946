import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorAgency } from '@portal/contract/agencies';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { useOperatorAgencies } from '@/features/agencies-admin/api/get-agencies';
import { AgencyFormDialog } from '@/features/agencies-admin/components/agency-form';
import { AgencyStatusDialog } from '@/features/agencies-admin/components/agency-status-dialog';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The operator's partner agencies: add one with its first agency user, edit, disable or enable one. */
export function AgenciesAdmin() {
  const { t, i18n } = useTranslation('agenciesAdmin');
  const agencies = useOperatorAgencies();
  const [editing, setEditing] = useState<OperatorAgency | null>(null);
  const [creating, setCreating] = useState(false);
  const [changingStatus, setChangingStatus] = useState<OperatorAgency | null>(null);
  const items = agencies.data ?? [];

  const bank = (agency: OperatorAgency) =>
    agency.bankName && agency.bankAccountNumber ? (
      <>
        <Text fz="sm">
          {agency.bankName}{' '}
          <Text span ff="monospace" fz="sm">
            {agency.bankAccountNumber}
          </Text>
        </Text>
        <Text fz="xs" c="dark.6" style={breakAnywhere}>
          {agency.bankAccountHolder}
        </Text>
      </>
    ) : (
      <Text fz="sm" c="dark.6">
        {t('noBankAccount')}
      </Text>
    );

  const people = (agency: OperatorAgency) =>
    t('people', {
      clients: agency.clientCount.toLocaleString(i18n.language),
      agents: agency.agencyUserCount.toLocaleString(i18n.language),
    });

  const statusBadge = (agency: OperatorAgency) => (
    <Badge
      variant={agency.status === 'active' ? 'light' : 'outline'}
      color={agency.status === 'active' ? 'teal' : 'red'}
      radius="sm"
      tt="none"
    >
      {t(`statuses.${agency.status}`)}
    </Badge>
  );

  const edit = (agency: OperatorAgency) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={t('actions.editLabel', { name: agency.name })}
        onClick={() => setEditing(agency)}
      >
        {t('actions.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={agency.status === 'active' ? 'red' : 'teal'}
        aria-label={t(agency.status === 'active' ? 'actions.disableLabel' : 'actions.enableLabel', {
          name: agency.name,
        })}
        onClick={() => setChangingStatus(agency)}
      >
        {t(agency.status === 'active' ? 'actions.disable' : 'actions.enable')}
      </Button>
    </Group>
  );

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(agency) => agency.id}
      minWidth={900}
      columns={[
        {
          header: t('columns.code'),
          cell: (agency) => (
            <Text fz="sm" ff="monospace" fw={600}>
              {agency.code}
            </Text>
          ),
        },
        { header: t('columns.name'), cell: (agency) => <Text fz="sm">{agency.name}</Text> },
        { header: t('columns.status'), cell: statusBadge },
        { header: t('columns.bankAccount'), cell: bank },
        {
          header: t('columns.clients'),
          align: 'right',
          cell: (agency) => <Text fz="sm">{agency.clientCount.toLocaleString(i18n.language)}</Text>,
        },
        {
          header: t('columns.agents'),
          align: 'right',
          cell: (agency) => (
            <Text fz="sm">{agency.agencyUserCount.toLocaleString(i18n.language)}</Text>
          ),
        },
        {
          header: t('columns.actions'),
          align: 'right',
          cellProps: { style: { width: '1%' } },
          cell: edit,
        },
      ]}
      card={(agency) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{agency.name}</Text>
            <Text ff="monospace" fz="sm">
              {agency.code}
            </Text>
          </Group>
          <Group>{statusBadge(agency)}</Group>
          {bank(agency)}
          <Text fz="sm" c="dark.6">
            {people(agency)}
          </Text>
          <Group mt={6}>{edit(agency)}</Group>
        </>
      )}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {agencies.data ? (
          <Text fz="sm" c="dark.6" aria-live="polite">
            {t('count', { count: agencies.data.length })}
          </Text>
        ) : (
          <span />
        )}
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('actions.create')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ListState
          query={agencies}
          isEmpty={items.length === 0}
          empty={{ icon: IconBuildingBank, title: t('empty') }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          {list}
        </ListState>
      </Paper>
      <AgencyFormDialog
        opened={creating || editing !== null}
        agency={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <AgencyStatusDialog agency={changingStatus} onClose={() => setChangingStatus(null)} />
    </Stack>
  );
}
