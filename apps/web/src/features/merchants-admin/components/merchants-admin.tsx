import { groupDigits } from '@portal/contract/decimal';
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconPlus, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorMerchant } from '@portal/contract/merchants';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { errorMessage } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { useOperatorMerchants } from '@/lib/operator-merchants';
import { useUpdateMerchant } from '@/features/merchants-admin/api/update-merchant';
import { MerchantFormDialog } from '@/features/merchants-admin/components/merchant-form';
import { SandboxAccountsDialog } from '@/features/merchants-admin/components/sandbox-accounts-dialog';
import { usePhone } from '@/lib/use-phone';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The operator's merchants: add one, edit one, or take one out of (and back into) service. */
export function MerchantsAdmin() {
  const { t } = useTranslation(['merchantsAdmin', 'errors']);
  const merchants = useOperatorMerchants();
  const update = useUpdateMerchant();
  const [editing, setEditing] = useState<OperatorMerchant | null>(null);
  const [creating, setCreating] = useState(false);
  const [disabling, setDisabling] = useState<OperatorMerchant | null>(null);
  const [sandboxOf, setSandboxOf] = useState<OperatorMerchant | null>(null);
  const phone = usePhone();

  const setStatus = async (merchant: OperatorMerchant, status: OperatorMerchant['status']) => {
    try {
      await update.mutateAsync({ id: merchant.id, body: { status } });
      toast('success', {
        message: t(status === 'active' ? 'status.enabledDone' : 'status.disabledDone', {
          name: merchant.name,
        }),
      });
    } catch (error) {
      toast('error', { message: errorMessage(t, error) });
    } finally {
      setDisabling(null);
    }
  };

  const limits = (merchant: OperatorMerchant) =>
    t('limits', {
      min: groupDigits(merchant.minPerRequest),
      max: groupDigits(merchant.maxPerRequest),
      asset: merchant.asset,
    });

  const statusBadge = (merchant: OperatorMerchant) => (
    <Badge color={merchant.status === 'active' ? 'teal' : 'gray'} variant="light" size="sm">
      {t(`status.${merchant.status}`)}
    </Badge>
  );

  const connectionText = (merchant: OperatorMerchant) =>
    merchant.connection === 'http' && merchant.baseUrl
      ? `${t('connection.http')} · ${merchant.baseUrl}`
      : t(`connection.${merchant.connection}`);

  const actionsFor = (merchant: OperatorMerchant) => {
    const busy = update.isPending && update.variables?.id === merchant.id;
    return (
      <Group gap={6} wrap={phone ? 'wrap' : 'nowrap'} justify="flex-end">
        {merchant.connection === 'sandbox' ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconWallet size={14} aria-hidden />}
            aria-label={t('actions.sandboxAccountsLabel', { name: merchant.name })}
            onClick={() => setSandboxOf(merchant)}
          >
            {t('actions.sandboxAccounts')}
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t('actions.editLabel', { name: merchant.name })}
          onClick={() => setEditing(merchant)}
        >
          {t('actions.edit')}
        </Button>
        {merchant.status === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy}
            aria-label={t('actions.disableLabel', { name: merchant.name })}
            onClick={() => setDisabling(merchant)}
          >
            {t('actions.disable')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="teal"
            loading={busy}
            aria-label={t('actions.enableLabel', { name: merchant.name })}
            onClick={() => void setStatus(merchant, 'active')}
          >
            {t('actions.enable')}
          </Button>
        )}
      </Group>
    );
  };

  const items = merchants.data ?? [];

  const list = (
    <ResponsiveList
      items={items}
      label={t('tableLabel')}
      itemKey={(merchant) => merchant.id}
      minWidth={880}
      columns={[
        {
          header: t('columns.name'),
          cell: (merchant) => (
            <Text fz="sm" fw={600}>
              {merchant.name}
            </Text>
          ),
        },
        {
          header: t('columns.code'),
          cell: (merchant) => (
            <Text fz="sm" ff="monospace">
              {merchant.code}
            </Text>
          ),
        },
        { header: t('columns.asset'), cell: (merchant) => <Text fz="sm">{merchant.asset}</Text> },
        {
          header: t('columns.limits'),
          cell: (merchant) => <Text fz="sm">{limits(merchant)}</Text>,
        },
        {
          header: t('columns.connection'),
          cell: (merchant) => (
            <Text fz="sm" style={breakAnywhere}>
              {connectionText(merchant)}
            </Text>
          ),
        },
        { header: t('columns.status'), cell: (merchant) => statusBadge(merchant) },
        {
          header: t('columns.actions'),
          align: 'right',
          cellProps: { style: { width: '1%' } },
          cell: (merchant) => actionsFor(merchant),
        },
      ]}
      card={(merchant) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{merchant.name}</Text>
            {statusBadge(merchant)}
          </Group>
          <Text fz="sm" c="dark.7">
            <Text span ff="monospace" fz="sm">
              {merchant.code}
            </Text>{' '}
            · {merchant.asset}
          </Text>
          <Text fz="sm">{limits(merchant)}</Text>
          <Text fz="xs" c="dark.6" style={breakAnywhere}>
            {connectionText(merchant)}
          </Text>
          <Group mt={6} justify="flex-start">
            {actionsFor(merchant)}
          </Group>
        </>
      )}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {merchants.data ? (
          <Text fz="sm" c="dark.6" aria-live="polite">
            {t('count', { count: merchants.data.length })}
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
          query={merchants}
          isEmpty={items.length === 0}
          empty={{ icon: IconBuildingStore, title: t('empty') }}
        >
          {list}
        </ListState>
      </Paper>

      <MerchantFormDialog
        opened={creating || editing !== null}
        merchant={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <SandboxAccountsDialog merchant={sandboxOf} onClose={() => setSandboxOf(null)} />
      <ConfirmDialog
        opened={disabling !== null}
        title={t('status.disableTitle', { name: disabling?.name ?? '' })}
        message={t('status.disableMessage')}
        confirmLabel={t('actions.disable')}
        loading={update.isPending}
        onConfirm={() => disabling && void setStatus(disabling, 'disabled')}
        onClose={() => setDisabling(null)}
      />
    </Stack>
  );
}
