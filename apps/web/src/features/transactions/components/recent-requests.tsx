import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TransactionType } from '@portal/contract/transactions';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { useTransactions } from '@/lib/transactions/get-transactions';
import { formatAsset, formatDateTime, formatKrw } from '@/lib/format';
import { transactionPath } from '@/lib/transactions/transaction-path';
import { StatusBadge } from '@/components/transactions/status-badge';

const RECENT = 5;

/** "Your recent buy/sell requests": the last five, each linking to its detail. */
export function RecentRequests({ type }: { type: TransactionType }) {
  const { t, i18n } = useTranslation('transactions');
  const list = useTransactions({ type, pageSize: RECENT });
  const items = list.data?.items ?? [];
  const titleId = `recent-${type}-title`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} fz="lg">
        {t(`recent.title.${type}`)}
      </Title>
      <Paper withBorder radius="md">
        <ListState
          query={list}
          isEmpty={items.length === 0}
          empty={{ icon: IconReceipt, title: t(`recent.empty.${type}`) }}
          loadingLabel={t('recent.loading')}
          retryLabel={t('recent.retry')}
        >
          <CardList items={items} label={t(`recent.title.${type}`)} itemKey={(item) => item.id}>
            {(item) => (
              <>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Anchor
                    component={Link}
                    to={transactionPath(item.id)}
                    fw={700}
                    ff="monospace"
                    aria-label={t('recent.open', { number: item.number })}
                  >
                    {item.number}
                  </Anchor>
                  <StatusBadge status={item.status} />
                </Group>
                <Text fz="sm">
                  {formatAsset(t, item.amount, item.merchant.asset)} · {formatKrw(t, item.totalKrw)}
                </Text>
                <Text fz="xs" c="dark.6">
                  {item.merchant.name} · {item.account.name} ·{' '}
                  {formatDateTime(item.createdAt, i18n.language)}
                </Text>
              </>
            )}
          </CardList>
        </ListState>
      </Paper>
    </Stack>
  );
}
