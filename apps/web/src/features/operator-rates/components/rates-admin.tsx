import { groupDigits } from '@portal/contract/decimal';
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCoin, IconHistory, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Rate } from '@portal/contract/transactions';
import { CardList } from '@/components/ui/card-list';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatKoreaDateTime } from '@/lib/format';
import { useRateAssets } from '@/features/operator-rates/api/get-rate-assets';
import { useOperatorRates } from '@/features/operator-rates/api/get-rates';
import {
  RateFormDialog,
  type RateFormTarget,
} from '@/features/operator-rates/components/rate-form';
import { usePhone } from '@/lib/use-phone';

interface AssetRow {
  asset: string;
  rate: Rate | null;
}

/** The operator's rates: the current buy and sell rate of every asset, new rates, and history. */
export function RatesAdmin() {
  const { t, i18n } = useTranslation(['ratesAdmin', 'errors']);
  const rates = useOperatorRates();
  const assets = useRateAssets();
  const [target, setTarget] = useState<RateFormTarget | null>(null);
  const phone = usePhone();
  const language = i18n.language;

  // Every asset a merchant deals in, and any asset that already has a rate.
  const current = rates.data?.current ?? [];
  const assetNames = [
    ...new Set([...(assets.data ?? []), ...current.map((rate) => rate.asset)]),
  ].sort();
  const rows: AssetRow[] = assetNames.map((asset) => ({
    asset,
    rate: current.find((rate) => rate.asset === asset) ?? null,
  }));
  const history = rates.data?.history ?? [];

  const krw = (rate: string, asset: string) => t('krwPerUnit', { rate: groupDigits(rate), asset });
  const setAt = (rate: Rate) => formatKoreaDateTime(rate.setAt, language);
  const setBy = (rate: Rate) => rate.setBy ?? '—';
  // A history row reads from -> to: the new rate, and under it the one it replaced.
  const changed = (to: string, from: string | null, asset: string) => (
    <Stack gap={0}>
      <Text fz="sm">{krw(to, asset)}</Text>
      {from === null ? null : (
        <Text fz="xs" c="dark.6">
          {t('history.was', { rate: groupDigits(from) })}
        </Text>
      )}
    </Stack>
  );

  const change = (row: AssetRow) => (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={t('actions.changeLabel', { asset: row.asset })}
      onClick={() =>
        setTarget({
          asset: row.asset,
          buyRateKrw: row.rate?.buyRateKrw,
          sellRateKrw: row.rate?.sellRateKrw,
        })
      }
    >
      {t('actions.change')}
    </Button>
  );
  const notSet = (
    <Badge color="yellow" variant="light" size="sm">
      {t('notSet')}
    </Badge>
  );

  // Not a ResponsiveList: an asset without a rate spans its three rate columns with a hint.
  const currentTable = (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={t('current.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.asset')}</Table.Th>
            <Table.Th>{t('columns.buy')}</Table.Th>
            <Table.Th>{t('columns.sell')}</Table.Th>
            <Table.Th>{t('columns.setAt')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.asset}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {row.asset}
                </Text>
              </Table.Td>
              {row.rate ? (
                <>
                  <Table.Td>{krw(row.rate.buyRateKrw, row.asset)}</Table.Td>
                  <Table.Td>{krw(row.rate.sellRateKrw, row.asset)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{setAt(row.rate)}</Text>
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={3}>
                  <Group gap="xs">
                    {notSet}
                    <Text fz="sm" c="dark.6">
                      {t('notSetHint', { asset: row.asset })}
                    </Text>
                  </Group>
                </Table.Td>
              )}
              <Table.Td style={{ width: '1%', textAlign: 'right' }}>{change(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  const currentCards = (
    <CardList items={rows} label={t('current.tableLabel')} itemKey={(row) => row.asset}>
      {(row) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{row.asset}</Text>
            {row.rate ? null : notSet}
          </Group>
          {row.rate ? (
            <>
              <Text fz="sm">{t('card.buy', { rate: krw(row.rate.buyRateKrw, row.asset) })}</Text>
              <Text fz="sm">{t('card.sell', { rate: krw(row.rate.sellRateKrw, row.asset) })}</Text>
              <Text fz="xs" c="dark.6">
                {setAt(row.rate)}
              </Text>
            </>
          ) : (
            <Text fz="sm" c="dark.6">
              {t('notSetHint', { asset: row.asset })}
            </Text>
          )}
          <Group mt={6}>{change(row)}</Group>
        </>
      )}
    </CardList>
  );

  const historyList = (
    <ResponsiveList
      items={history}
      label={t('history.tableLabel')}
      dense
      itemKey={(rate) => rate.id}
      minWidth={720}
      columns={[
        { header: t('columns.setAt'), cell: (rate) => setAt(rate) },
        { header: t('columns.asset'), cell: (rate) => rate.asset },
        { header: t('columns.setBy'), cell: (rate) => setBy(rate) },
        {
          header: t('columns.buy'),
          cell: (rate) => changed(rate.buyRateKrw, rate.previousBuyRateKrw, rate.asset),
        },
        {
          header: t('columns.sell'),
          cell: (rate) => changed(rate.sellRateKrw, rate.previousSellRateKrw, rate.asset),
        },
      ]}
      card={(rate) => (
        <>
          <Text fw={600}>{rate.asset}</Text>
          <Text fz="sm">{t('card.buy', { rate: krw(rate.buyRateKrw, rate.asset) })}</Text>
          {rate.previousBuyRateKrw === null ? null : (
            <Text fz="xs" c="dark.6">
              {t('history.was', { rate: groupDigits(rate.previousBuyRateKrw) })}
            </Text>
          )}
          <Text fz="sm">{t('card.sell', { rate: krw(rate.sellRateKrw, rate.asset) })}</Text>
          {rate.previousSellRateKrw === null ? null : (
            <Text fz="xs" c="dark.6">
              {t('history.was', { rate: groupDigits(rate.previousSellRateKrw) })}
            </Text>
          )}
          <Text fz="xs" c="dark.6">
            {t('card.setAtBy', { at: setAt(rate), by: setBy(rate) })}
          </Text>
        </>
      )}
    />
  );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h3">
            {t('current.title')}
          </Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={assetNames.length === 0}
            onClick={() => setTarget({ asset: null })}
          >
            {t('actions.set')}
          </Button>
        </Group>
        <Paper withBorder radius="md">
          <ListState
            query={{
              isPending: rates.isPending || assets.isPending,
              isError: rates.isError || assets.isError,
              error: rates.error ?? assets.error,
            }}
            isEmpty={rows.length === 0}
            empty={{ icon: IconCoin, title: t('current.empty') }}
          >
            {phone ? currentCards : currentTable}
          </ListState>
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('history.title')}
        </Title>
        <Paper withBorder radius="md">
          <ListState
            query={rates}
            isEmpty={history.length === 0}
            empty={{ icon: IconHistory, title: t('history.empty') }}
          >
            {historyList}
          </ListState>
        </Paper>
      </Stack>

      <RateFormDialog
        target={target}
        assets={assetNames}
        current={current}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
