import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPencil, IconStar, IconTrash, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@portal/contract/accounts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useDeleteAccount } from '@/features/accounts/api/delete-account';
import { useAccounts } from '@/lib/merchant-accounts/get-accounts';
import { useSetDefaultAccount } from '@/features/accounts/api/set-default-account';
import { RenameAccountDialog } from '@/features/accounts/components/rename-account-dialog';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The saved accounts: make one the default, rename one, or delete one after confirming. */
export function AccountsList() {
  const { t } = useTranslation(['accounts', 'errors']);
  const accounts = useAccounts();
  const setDefault = useSetDefaultAccount();
  const remove = useDeleteAccount();
  const [renaming, setRenaming] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A table needs room; on a phone each account is a card.

  const makeDefault = async (account: Account) => {
    setProblem(null);
    try {
      await setDefault.mutateAsync(account.id);
      toast('success', { message: t('list.defaultDone', { name: account.name }) });
    } catch (error) {
      toast('error', { message: errorMessage(t, error) });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const account = deleting;
    setProblem(null);
    try {
      await remove.mutateAsync(account.id);
      toast('success', { message: t('list.deleted', { name: account.name }) });
    } catch (error) {
      // Refusals explain themselves (open requests: finish or cancel them first); keep them on screen.
      setProblem(errorMessage(t, error));
    } finally {
      setDeleting(null);
    }
  };

  const actionsFor = (account: Account) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {account.isDefault ? null : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconStar size={14} aria-hidden />}
          loading={setDefault.isPending && setDefault.variables === account.id}
          disabled={setDefault.isPending}
          aria-label={t('list.makeDefaultLabel', { name: account.name })}
          onClick={() => void makeDefault(account)}
        >
          {t('list.makeDefault')}
        </Button>
      )}
      <Tooltip label={t('list.rename')} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('list.renameLabel', { name: account.name })}
          onClick={() => setRenaming(account)}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('list.delete')} withArrow>
        <ActionIcon
          variant="default"
          color="red"
          size="lg"
          aria-label={t('list.deleteLabel', { name: account.name })}
          onClick={() => setDeleting(account)}
        >
          <IconTrash size={18} color="var(--mantine-color-red-8)" aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const defaultBadge = (
    <Badge color="teal" variant="light" size="sm">
      {t('list.default')}
    </Badge>
  );

  const items = accounts.data ?? [];

  const list = (
    <ResponsiveList
      items={items}
      label={t('list.title')}
      itemKey={(account) => account.id}
      minWidth={680}
      columns={[
        {
          header: t('columns.name'),
          cell: (account) => (
            <>
              <Group gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600} style={breakAnywhere}>
                  {account.name}
                </Text>
                {account.isDefault ? defaultBadge : null}
              </Group>
              {account.holderName !== account.name ? (
                <Text fz="xs" c="dark.6">
                  {t('list.holder', { name: account.holderName })}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: t('columns.merchant'),
          cell: (account) => (
            <>
              <Text fz="sm">{account.merchant.name}</Text>
              <Text fz="xs" c="dark.6">
                {account.merchant.asset}
              </Text>
            </>
          ),
        },
        {
          header: t('columns.accountNumber'),
          cell: (account) => (
            <Text fz="sm" ff="monospace" style={breakAnywhere}>
              {account.accountNumber}
            </Text>
          ),
        },
        {
          header: t('columns.actions'),
          align: 'right',
          cellProps: { style: { width: '1%' } },
          cell: (account) => actionsFor(account),
        },
      ]}
      card={(account) => (
        <>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} style={breakAnywhere}>
              {account.name}
            </Text>
            {account.isDefault ? defaultBadge : null}
          </Group>
          <Text fz="sm" c="dark.7">
            {account.merchant.name} · {account.merchant.asset}
          </Text>
          <Text fz="sm" ff="monospace" style={breakAnywhere}>
            {account.accountNumber}
          </Text>
          {account.holderName !== account.name ? (
            <Text fz="xs" c="dark.6">
              {t('list.holder', { name: account.holderName })}
            </Text>
          ) : null}
          <Group mt={6} justify="flex-start">
            {actionsFor(account)}
          </Group>
        </>
      )}
    />
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="accounts-list-title">
      <Title id="accounts-list-title" order={2} fz="lg">
        {t('list.title')}
      </Title>
      {problem ? (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('list.dismiss')}
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <ListState
          query={accounts}
          isEmpty={items.length === 0}
          empty={{ icon: IconWallet, title: t('list.empty'), hint: t('list.emptyHint') }}
          loadingLabel={t('list.loading')}
          retryLabel={t('list.retry')}
        >
          {list}
        </ListState>
      </Paper>

      <RenameAccountDialog account={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title')}
        message={
          deleting
            ? t('delete.message', {
                name: deleting.name,
                merchant: deleting.merchant.name,
                number: deleting.accountNumber,
              })
            : ''
        }
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
