import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCash, IconShoppingCart, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Account } from '@portal/contract/accounts';
import { ListState } from '@/components/ui/list-state';
import { paths } from '@/config/paths';
import { useAccounts } from '@/lib/merchant-accounts/get-accounts';
import { usePosition } from '@/lib/transactions/get-position';
import { Figure } from '@/components/transactions/figure';
import { formatAsset, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/form-errors';

const TITLE_ID = 'dashboard-position-title';

/**
 * Balance and open position at a glance (docs/PRODUCT.md "What the portal is"), for the default merchant account (or
 * the first one when none is marked), with quick links to Buy and Sell.
 */
export function PositionSummary() {
  const { t } = useTranslation('dashboard');
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  const account = list.find((item) => item.isDefault) ?? list[0];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={TITLE_ID}
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title id={TITLE_ID} order={2} fz="lg">
            {t('position.title')}
          </Title>
          {account ? (
            <Text fz="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
              {t(account.isDefault ? 'position.accountDefault' : 'position.account', {
                name: account.name,
                merchant: account.merchant.name,
                number: account.accountNumber,
              })}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.app.buy}
            size="sm"
            leftSection={<IconShoppingCart size={18} aria-hidden />}
          >
            {t('position.buy')}
          </Button>
          <Button
            component={Link}
            to={paths.app.sell}
            size="sm"
            variant="default"
            leftSection={<IconCash size={18} aria-hidden />}
          >
            {t('position.sell')}
          </Button>
        </Group>
      </Group>
      <ListState
        query={accounts}
        isEmpty={!account}
        empty={{
          icon: IconWallet,
          title: t('position.noAccount'),
          hint: t('position.noAccountHint'),
        }}
        loadingLabel={t('position.loading')}
        retryLabel={t('table.retry')}
      >
        {account ? <Figures account={account} /> : null}
      </ListState>
      {!account && accounts.isSuccess ? (
        <Group justify="center">
          <Button component={Link} to={paths.app.accounts} variant="light" size="sm">
            {t('position.addAccount')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function Figures({ account }: { account: Account }) {
  const { t, i18n } = useTranslation(['dashboard', 'transactions', 'errors']);
  const position = usePosition(account.id);
  if (position.isPending) {
    return (
      <Text fz="sm" c="dark.6" aria-busy="true">
        {t('dashboard:position.reading')}
      </Text>
    );
  }
  if (position.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">
            {t('dashboard:position.unavailable')} {errorMessage(t, position.error)}
          </Text>
          <Button size="xs" variant="default" onClick={() => void position.refetch()}>
            {t('dashboard:table.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { asset, balance, openPosition, available, syncedAt } = position.data;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('dashboard:position.balance')} emphasis>
          {formatAsset(t, balance, asset)}
        </Figure>
        <Figure label={t('dashboard:position.openPosition')}>
          {formatAsset(t, openPosition, asset)}
        </Figure>
        <Figure label={t('dashboard:position.available')}>
          {formatAsset(t, available, asset)}
        </Figure>
      </SimpleGrid>
      {syncedAt ? (
        <Text fz="xs" c="dark.6">
          {t('dashboard:position.syncedAt', { time: formatDateTime(syncedAt, i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}
