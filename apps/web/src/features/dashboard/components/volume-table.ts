import type { OperatorVolume } from '@portal/contract/operator-workbench';

/** The most groups the chart draws one by one; the rest are added up as "Others". */
export const VOLUME_SERIES_SHOWN = 5;
export const OTHERS = '__others';

export interface VolumeSeries {
  key: string;
  /** The agency's or merchant's name; null: clients of no agency; OTHERS: the rest. */
  name: string | null;
}

export interface VolumeRow {
  day: string;
  /** Won per series key, as numbers for the chart (won stay far below 2^53). */
  [key: string]: string | number;
}

/**
 * The server's volume as the chart and its table read it: the largest groups (the server sends
 * them largest first), the rest summed as Others, one row per day with a total.
 */
export function volumeRows(volume: OperatorVolume): { series: VolumeSeries[]; rows: VolumeRow[] } {
  const shown = volume.series.slice(0, VOLUME_SERIES_SHOWN);
  const rest = volume.series.slice(VOLUME_SERIES_SHOWN);
  const series: VolumeSeries[] = [
    ...shown,
    ...(rest.length > 0 ? [{ key: OTHERS, name: OTHERS }] : []),
  ];
  const rows = volume.days.map(({ day, krw }) => {
    const row: VolumeRow = { day };
    let total = 0;
    for (const s of shown) {
      row[s.key] = Number(krw[s.key] ?? 0);
      total += row[s.key] as number;
    }
    if (rest.length > 0) {
      row[OTHERS] = rest.reduce((sum, s) => sum + Number(krw[s.key] ?? 0), 0);
      total += row[OTHERS] as number;
    }
    row.total = total;
    return row;
  });
  return { series, rows };
}
