/**
 * The operator's users: filters in the address, the list, and the role and status changes with
 * their confirmation. Just past 300 lines: the confirmation texts for each change sit next to the
 * actions that ask for them.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import { Link } from 'react-router';
import {
  operatorUsersQuerySchema,
  USER_ROLES,
  USER_STATUSES,
  type OperatorUser,
  type UserRole,
  type UserStatus,
} from '@portal/contract/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListPager } from '@/components/ui/list-pager';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDateTime } from '@/lib/format';
import { operatorUserPath } from '@/lib/operator-user-path';
import { errorMessage } from '@/lib/form-errors';
import { useAnnounceSentForApproval } from '@/lib/approvals/guarded';
import { toast } from '@/lib/notifications';
import { useListSearch, useListState } from '@/lib/use-list-state';
import { useUser } from '@/lib/user/user-context';
import { useChangeUser, type UserChange } from '@/features/users-admin/api/change-user';
import { useOperatorUsers } from '@/features/users-admin/api/get-users';

const PAGE_SIZE = 20;

/** What the list shows, in the address: ?q=&role=&status=&page= */
const usersListState = operatorUsersQuerySchema.pick({
  q: true,
  role: true,
  status: true,
  page: true,
});

type Pending = { user: OperatorUser; change: UserChange };

/**
 * The operator's users: search and filters (in the URL), role and status changes, each asked
 * first. Disabling signs the user out everywhere; nobody changes their own role or status.
 */
export function UsersAdmin() {
  const { t, i18n } = useTranslation(['usersAdmin', 'errors']);
  const { user: me } = useUser();
  const view = useListState(usersListState);
  const { q, role, status, page } = view.query;
  const search = useListSearch(view);
  const [pending, setPending] = useState<Pending | null>(null);
  const change = useChangeUser();
  const sentForApproval = useAnnounceSentForApproval();

  const users = useOperatorUsers({ q, role, status, page, pageSize: PAGE_SIZE });
  const items = users.data?.items ?? [];

  const apply = async ({ user, change: wanted }: Pending) => {
    try {
      const result = await change.mutateAsync(wanted);
      if (!result.done) {
        void sentForApproval();
        return;
      }
      toast('success', {
        message:
          'role' in wanted
            ? t('done.role', { name: user.name, role: t(`roles.${wanted.role}`) })
            : t(`done.${wanted.status}`, { name: user.name }),
      });
    } catch (error) {
      toast('error', { message: errorMessage(t, error) });
    } finally {
      setPending(null);
    }
  };

  const roleBadge = (user: OperatorUser) => (
    <Badge
      variant="light"
      color={user.role === 'operator' ? 'grape' : user.role === 'agency' ? 'blue' : 'gray'}
      radius="sm"
      tt="none"
    >
      {t(`roles.${user.role}`)}
    </Badge>
  );
  const statusBadge = (user: OperatorUser) => (
    <Badge
      variant={user.status === 'active' ? 'light' : 'outline'}
      color={user.status === 'active' ? 'teal' : 'red'}
      radius="sm"
      tt="none"
    >
      {t(`statuses.${user.status}`)}
    </Badge>
  );

  const actions = (user: OperatorUser) => {
    if (user.id === me.id) {
      return (
        <Text fz="xs" c="dark.6">
          {t('actions.you')}
        </Text>
      );
    }
    const roles = USER_ROLES.filter(
      (candidate) => candidate !== user.role && (candidate !== 'agency' || user.agency !== null),
    );
    return (
      <Group gap={6} wrap="nowrap" justify="flex-end">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              aria-label={t('actions.roleLabel', { name: user.name })}
            >
              {t('actions.role')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {roles.map((candidate) => (
              <Menu.Item
                key={candidate}
                onClick={() => setPending({ user, change: { id: user.id, role: candidate } })}
              >
                {t('actions.makeRole', { role: t(`roles.${candidate}`) })}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {user.status === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={t('actions.disableLabel', { name: user.name })}
            onClick={() => setPending({ user, change: { id: user.id, status: 'disabled' } })}
          >
            {t('actions.disable')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="teal"
            aria-label={t('actions.enableLabel', { name: user.name })}
            onClick={() => setPending({ user, change: { id: user.id, status: 'active' } })}
          >
            {t('actions.enable')}
          </Button>
        )}
      </Group>
    );
  };

  const agencyText = (user: OperatorUser) =>
    user.agency ? `${user.agency.name} (${user.agency.code})` : '—';

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(user) => user.id}
      minWidth={900}
      columns={[
        {
          header: t('columns.name'),
          cell: (user) => (
            <Anchor
              component={Link}
              to={operatorUserPath(user.id)}
              fz="sm"
              fw={600}
              aria-label={t('page.open', { name: user.name })}
            >
              {user.name}
            </Anchor>
          ),
        },
        {
          header: t('columns.email'),
          cell: (user) => (
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          ),
        },
        { header: t('columns.role'), cell: (user) => roleBadge(user) },
        { header: t('columns.status'), cell: (user) => statusBadge(user) },
        { header: t('columns.agency'), cell: (user) => <Text fz="sm">{agencyText(user)}</Text> },
        {
          header: t('columns.joined'),
          cell: (user) => <Text fz="sm">{formatDateTime(user.joinedAt, i18n.language)}</Text>,
        },
        {
          header: t('columns.actions'),
          align: 'right',
          cellProps: { style: { width: '1%' } },
          cell: (user) => actions(user),
        },
      ]}
      card={(user) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor
              component={Link}
              to={operatorUserPath(user.id)}
              fw={600}
              aria-label={t('page.open', { name: user.name })}
            >
              {user.name}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              {roleBadge(user)}
              {statusBadge(user)}
            </Group>
          </Group>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          {user.agency ? <Text fz="sm">{agencyText(user)}</Text> : null}
          <Text fz="xs" c="dark.6">
            {t('joined', { date: formatDateTime(user.joinedAt, i18n.language) })}
          </Text>
          <Group mt={6}>{actions(user)}</Group>
        </>
      )}
    />
  );

  const confirm = pending
    ? 'role' in pending.change
      ? {
          title: t('confirm.roleTitle', {
            name: pending.user.name,
            role: t(`roles.${pending.change.role}`),
          }),
          message: t(`confirm.roleMessage.${pending.change.role}`),
          label: t('confirm.roleConfirm'),
        }
      : {
          title: t(`confirm.${pending.change.status}Title`, { name: pending.user.name }),
          message: t(`confirm.${pending.change.status}Message`),
          label: t(pending.change.status === 'active' ? 'actions.enable' : 'actions.disable'),
        }
    : null;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchBox
          search={search}
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('filters.role')}
          data={[
            { value: '', label: t('filters.allRoles') },
            ...USER_ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
          ]}
          value={role ?? ''}
          onChange={(value) => view.change({ role: (value || undefined) as UserRole | undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('filters.status')}
          data={[
            { value: '', label: t('filters.allStatuses') },
            ...USER_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
          value={status ?? ''}
          onChange={(value) =>
            view.change({ status: (value || undefined) as UserStatus | undefined })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <Paper withBorder radius="md">
        <ListState
          query={users}
          isEmpty={items.length === 0}
          empty={{ icon: IconUsers, title: t('empty') }}
          loadingLabel={t('loading')}
          retryLabel={t('retry')}
        >
          {list}
          {users.data ? (
            <ListPager
              page={users.data.page}
              pageSize={users.data.pageSize}
              total={users.data.total}
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
      <ConfirmDialog
        opened={pending !== null}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        confirmLabel={confirm?.label ?? ''}
        loading={change.isPending}
        onConfirm={() => pending && void apply(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
