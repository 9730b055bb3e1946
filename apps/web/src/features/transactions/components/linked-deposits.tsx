import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LinkedDeposit } from '@portal/contract/operator-workbench';
import { groupDigits } from '@portal/contract/decimal';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { paths } from '@/config/paths';
import { formatKoreaDateTime } from '@/lib/format';

/**
 * The operator's view of the deposits linked to a transaction (docs/decisions/021): the one that
 * paid it, those under review naming it, those going back on it. Each opens the deposits screen
 * on that one deposit, where it is decided.
 */
export function LinkedDeposits({ deposits }: { deposits: LinkedDeposit[] }) {
  const { t, i18n } = useTranslation(['transactions', 'depositsAdmin']);
  // The deposits screen on the deposit's tab, searched by its reference: the one row, with its
  // Open button where a person still decides it (match it to this buy, return it). That is how a
  // buy is completed by hand from its own screen, through its deposit (docs/decisions/021).
  const status = (deposit: LinkedDeposit) => {
    const search = new URLSearchParams({ status: deposit.status, q: deposit.bankReference });
    return (
      <Anchor
        component={Link}
        to={`${paths.app.depositsAdmin}?${search.toString()}`}
        fz="sm"
        aria-label={t('linkedDeposits.openLabel', {
          status: t(`depositsAdmin:tabs.${deposit.status}`),
          reference: deposit.bankReference,
        })}
      >
        {t(`depositsAdmin:tabs.${deposit.status}`)}
      </Anchor>
    );
  };
  const amount = (deposit: LinkedDeposit) =>
    t('linkedDeposits.krw', { amount: groupDigits(deposit.amountKrw) });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="lg" mb="md">
        {t('linkedDeposits.title')}
      </Title>
      {deposits.length === 0 ? (
        <Text fz="sm" c="dark.6">
          {t('linkedDeposits.none')}
        </Text>
      ) : (
        <ResponsiveList
          items={deposits}
          label={t('linkedDeposits.title')}
          itemKey={(deposit) => deposit.id}
          minWidth={720}
          columns={[
            {
              header: t('linkedDeposits.relation'),
              cell: (deposit) => <Text fz="sm">{t(`linkedDeposits.as.${deposit.relation}`)}</Text>,
            },
            {
              header: t('linkedDeposits.reference'),
              cell: (deposit) => (
                <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {deposit.bankReference}
                </Text>
              ),
            },
            {
              header: t('linkedDeposits.depositor'),
              cell: (deposit) => <Text fz="sm">{deposit.depositorName}</Text>,
            },
            {
              header: t('linkedDeposits.amount'),
              cell: (deposit) => <Text fz="sm">{amount(deposit)}</Text>,
            },
            {
              header: t('linkedDeposits.receivedAt'),
              cell: (deposit) => (
                <Text fz="sm">{formatKoreaDateTime(deposit.receivedAt, i18n.language)}</Text>
              ),
            },
            { header: t('linkedDeposits.status'), cell: status },
          ]}
          card={(deposit) => (
            <>
              <Text fz="sm" fw={600}>
                {t(`linkedDeposits.as.${deposit.relation}`)} · {amount(deposit)}
              </Text>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {deposit.depositorName} · {deposit.bankReference}
              </Text>
              <Text fz="xs" c="dark.6">
                {formatKoreaDateTime(deposit.receivedAt, i18n.language)}
              </Text>
              {status(deposit)}
            </>
          )}
        />
      )}
    </Paper>
  );
}
