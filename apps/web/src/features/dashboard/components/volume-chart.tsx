import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  VOLUME_DEFAULT_DAYS,
  VOLUME_GROUPINGS,
  type VolumeGrouping,
} from '@portal/contract/operator-workbench';
import { ListState } from '@/components/ui/list-state';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatKrw } from '@/lib/format';
import { useOperatorVolume } from '@/features/dashboard/api/get-operator-volume';
import {
  OTHERS,
  volumeRows,
  type VolumeRow,
  type VolumeSeries,
} from '@/features/dashboard/components/volume-table';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'gray.6'];

/**
 * Daily won completed over the last 30 Korea days, per agency or per merchant, as stacked bars
 * (docs/decisions/021). Loaded only by the operator's dashboard (React.lazy), so no other screen
 * carries the chart library. The chart is described in words and its figures are a table one
 * button away, for those who do not see it.
 */
export function VolumeChart() {
  const { t, i18n } = useTranslation(['dashboard', 'transactions']);
  const language = i18n.language;
  const [by, setBy] = useState<VolumeGrouping>('agency');
  const [tableShown, setTableShown] = useState(false);
  const volume = useOperatorVolume(by, VOLUME_DEFAULT_DAYS);
  const compact = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const nameOf = (series: VolumeSeries) =>
    series.name === OTHERS ? t('volume.others') : (series.name ?? t('volume.direct'));
  const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
  const won = (value: number) => formatKrw(t, String(value));
  const data = volume.data ? volumeRows(volume.data) : undefined;
  const withVolume = data ? [...data.rows].reverse().filter((row) => Number(row.total) > 0) : [];
  const grouping = t(`volume.by.${by}`);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="volume-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3" id="volume-title">
              {t('volume.title', { days: VOLUME_DEFAULT_DAYS })}
            </Title>
            <Text fz="sm" c="dark.6">
              {t('volume.hint')}
            </Text>
          </Stack>
          <SegmentedControl
            value={by}
            onChange={(value) => setBy(value as VolumeGrouping)}
            aria-label={t('volume.byLabel')}
            data={VOLUME_GROUPINGS.map((value) => ({ value, label: t(`volume.by.${value}`) }))}
          />
        </Group>
        <ListState
          query={volume}
          isEmpty={Boolean(data && withVolume.length === 0)}
          empty={{ icon: IconChartBar, title: t('volume.empty') }}
          loadingLabel={t('volume.loading')}
          retryLabel={t('volume.retry')}
        >
          {data && volume.data ? (
            <>
              <div
                role="img"
                aria-label={t('volume.description', {
                  grouping,
                  from: volume.data.from,
                  to: volume.data.to,
                })}
              >
                <BarChart
                  h={280}
                  data={data.rows}
                  dataKey="day"
                  type="stacked"
                  series={data.series.map((series, index) => ({
                    name: series.key,
                    label: nameOf(series),
                    color: COLORS[index % COLORS.length]!,
                  }))}
                  valueFormatter={(value) => compact.format(value)}
                  xAxisProps={{ tickFormatter: shortDay, minTickGap: 12 }}
                  yAxisProps={{ width: 56 }}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom', wrapperStyle: { paddingTop: 8 } }}
                  tooltipProps={{ labelFormatter: (day) => String(day) }}
                />
              </div>
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconTable size={16} aria-hidden />}
                  onClick={() => setTableShown((shown) => !shown)}
                  aria-expanded={tableShown}
                  aria-controls="volume-table"
                >
                  {tableShown ? t('volume.hideTable') : t('volume.showTable')}
                </Button>
              </Group>
              {tableShown ? (
                <div id="volume-table">
                  <Text fz="sm" c="dark.6" mb="xs">
                    {t('volume.tableHint')}
                  </Text>
                  <ResponsiveList
                    items={withVolume}
                    label={t('volume.tableLabel', { grouping })}
                    itemKey={(row) => String(row.day)}
                    minWidth={200 + data.series.length * 140}
                    dense
                    columns={[
                      {
                        header: t('volume.day'),
                        cell: (row: VolumeRow) => (
                          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                            {row.day}
                          </Text>
                        ),
                      },
                      ...data.series.map((series) => ({
                        header: nameOf(series),
                        align: 'right' as const,
                        cell: (row: VolumeRow) => (
                          <Text fz="sm">{won(Number(row[series.key]))}</Text>
                        ),
                      })),
                      {
                        header: t('volume.total'),
                        align: 'right',
                        cell: (row: VolumeRow) => (
                          <Text fz="sm" fw={700}>
                            {won(Number(row.total))}
                          </Text>
                        ),
                      },
                    ]}
                    card={(row) => (
                      <>
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={600}>{row.day}</Text>
                          <Text fw={700}>{won(Number(row.total))}</Text>
                        </Group>
                        {data.series
                          .filter((series) => Number(row[series.key]) > 0)
                          .map((series) => (
                            <Text key={series.key} fz="sm">
                              {nameOf(series)}: {won(Number(row[series.key]))}
                            </Text>
                          ))}
                      </>
                    )}
                  />
                </div>
              ) : null}
            </>
          ) : null}
        </ListState>
      </Stack>
    </Paper>
  );
}
