import { groupDigits } from '@portal/contract/decimal';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { formatKoreaDateTime } from '@/lib/format';
import { useFailedCredits } from '@/features/operator-transactions/api/get-failed-credits';
import type { PendingAction } from '@/features/operator-transactions/components/action-dialog';

const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * Completed buys whose asset the merchant would not take after every retry: the won has arrived,
 * so each is owed. The operator fixes the cause (the account relinked, the merchant back) and
 * sends the credit again.
 */
export function FailedCredits({ onAction }: { onAction: (pending: PendingAction) => void }) {
  const { t, i18n } = useTranslation('operatorTransactions');
  const query = useFailedCredits();
  const items = query.data?.items ?? [];
  const language = i18n.language;
  const label = t('sections.creditsFailed');
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3">
        {label}
      </Title>
      <Text fz="sm" c="dark.6" maw={720}>
        {t('hints.creditsFailed')}
      </Text>
      <Paper withBorder radius="md">
        <ListState
          query={query}
          isEmpty={items.length === 0}
          empty={{ icon: IconCircleCheck, title: t('empty.creditsFailed') }}
          retryLabel={t('retry')}
        >
          <CardList items={items} label={label} itemKey={(item) => item.transaction.id}>
            {({ transaction: tx, attempts, lastError }) => (
              <>
                <Group justify="space-between" wrap="wrap" align="flex-start">
                  <Text fw={600} ff="monospace">
                    {tx.number} · {t(`type.${tx.type}`)}
                  </Text>
                  <Button
                    size="xs"
                    aria-label={t('actions.label', {
                      action: t('actions.retryCredit'),
                      number: tx.number,
                    })}
                    onClick={() => onAction({ action: 'retryCredit', transaction: tx })}
                  >
                    {t('actions.retryCredit')}
                  </Button>
                </Group>
                <Text fz="sm" style={breakAnywhere}>
                  {tx.user.name} · {tx.user.email}
                </Text>
                <Text fz="sm">
                  {groupDigits(tx.amount)} {tx.merchant.asset} ·{' '}
                  {t('krw', { amount: groupDigits(tx.totalKrw) })}
                </Text>
                <Text fz="xs" c="dark.6" style={breakAnywhere}>
                  {tx.merchant.name} · {tx.account.accountNumber} ·{' '}
                  {formatKoreaDateTime(tx.createdAt, language)}
                </Text>
                <Text fz="xs" c="red.9" style={breakAnywhere}>
                  {t('creditFailed', { attempts, error: lastError ?? '—' })}
                </Text>
              </>
            )}
          </CardList>
        </ListState>
      </Paper>
    </Stack>
  );
}
