import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorVolume } from '@portal/contract/operator-workbench';
import { VolumeChart } from '@/features/dashboard/components/volume-chart';
import { volumeRows } from '@/features/dashboard/components/volume-table';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

const byAgency: OperatorVolume = {
  by: 'agency',
  from: '2026-11-25',
  to: '2026-11-26',
  series: [
    { key: 'ag-1', name: 'Seoul Partners' },
    { key: 'direct', name: null },
  ],
  days: [
    { day: '2026-11-25', krw: { 'ag-1': '1000000', direct: '0' } },
    { day: '2026-11-26', krw: { 'ag-1': '250000', direct: '50000' } },
  ],
};
const byMerchant: OperatorVolume = {
  ...byAgency,
  by: 'merchant',
  series: [{ key: 'm-1', name: 'Star Exchange' }],
  days: [
    { day: '2026-11-25', krw: { 'm-1': '0' } },
    { day: '2026-11-26', krw: { 'm-1': '700000' } },
  ],
};

beforeEach(() => {
  mockApi.get.mockImplementation((url: string, config?: { params?: { by?: string } }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/volume') {
      return Promise.resolve(ok(config?.params?.by === 'merchant' ? byMerchant : byAgency));
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the volume chart', () => {
  it('describes the chart and gives its figures as a table (en)', async () => {
    await renderApp(<VolumeChart />);
    const chart = await screen.findByRole('img', {
      name: /won completed per day by Partner agency/,
    });
    expect(chart.getAttribute('aria-label')).toContain('from 2026-11-25 to 2026-11-26');
    expect(mockApi.get).toHaveBeenCalledWith(
      '/operator/volume',
      expect.objectContaining({ params: { by: 'agency', days: '30' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures as a table' }));
    const table = screen.getByRole('table', { name: 'Won completed per day by Partner agency' });
    expect(within(table).getByRole('columnheader', { name: 'No partner agency' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    // Newest first, with its total.
    expect(rows[1]!.textContent).toContain('2026-11-26');
    expect(rows[1]!.textContent).toContain('300,000 KRW');
  });

  it('groups by merchant on request (ko)', async () => {
    await renderApp(<VolumeChart />, { language: 'ko' });
    await screen.findByRole('img', { name: /제휴 대행사별 일별 완료 금액/ });
    fireEvent.click(screen.getByRole('radio', { name: '머천트' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/volume',
        expect.objectContaining({ params: { by: 'merchant', days: '30' } }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '수치를 표로 보기' }));
    const table = await screen.findByRole('table', { name: '머천트별 일별 완료 금액' });
    // The merchant's column and the day's total.
    expect(within(table).getAllByText('700,000원')).toHaveLength(2);
  });

  it('adds up the groups past the fifth as Others', () => {
    const many: OperatorVolume = {
      ...byAgency,
      series: Array.from({ length: 7 }, (_, index) => ({ key: `a${index}`, name: `A${index}` })),
      days: [
        {
          day: '2026-11-26',
          krw: Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`a${index}`, '10'])),
        },
      ],
    };
    const { series, rows } = volumeRows(many);
    expect(series.map((s) => s.key)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', '__others']);
    expect(rows[0]).toMatchObject({ a0: 10, __others: 20, total: 70 });
  });
});
