import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ReconciliationResponse } from '@portal/contract/reconciliation';
import { ReconciliationReport } from '@/features/reconciliation/components/reconciliation-report';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads } from '@/testing/downloads';

const figure = (count: number, krw: string) => ({ count, krw });
const report: ReconciliationResponse = {
  from: '2026-03-01',
  to: '2026-03-02',
  accounts: [
    {
      day: '2026-03-01',
      account: {
        accountNumber: '100-200-300',
        bankName: '국민은행',
        accountHolder: '(주)한빛',
        agency: { id: 'a1', code: 'HANBIT', name: 'Hanbit Agency' },
      },
      figures: {
        received: figure(3, '3500000'),
        settled: figure(1, '1000000'),
        refundDue: figure(1, '2000000'),
        refunded: figure(0, '0'),
        writtenOff: figure(0, '0'),
        inReview: figure(1, '500000'),
      },
    },
  ],
  merchants: [
    {
      day: '2026-03-01',
      merchant: { id: 'm1', code: 'SB', name: 'Sandbox Coins', asset: 'USDT' },
      credited: { count: 1, amount: '718.13', krw: '1000000' },
      debited: { count: 0, amount: '0', krw: '0' },
      returned: { count: 0, amount: '0', krw: '0' },
    },
  ],
  totals: {
    accounts: {
      received: figure(3, '3500000'),
      settled: figure(1, '1000000'),
      refundDue: figure(1, '2000000'),
      refunded: figure(0, '0'),
      writtenOff: figure(0, '0'),
      inReview: figure(1, '500000'),
    },
    merchants: {
      credited: figure(1, '1000000'),
      debited: figure(0, '0'),
      returned: figure(0, '0'),
    },
  },
};

type Params = { from?: string; to?: string; part?: string; lang?: string };
let reportGet: Mock<(params: Params) => ReturnType<typeof ok>>;
let exportGet: Mock<(url: string, params: Params) => void>;
beforeEach(() => {
  stubDownloads();
  reportGet = vi.fn((params: Params) => {
    if (params.from === '2026-01-01') throw apiFailure(400, 'DATE_RANGE_INVALID');
    return ok(report);
  });
  exportGet = vi.fn();
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url.startsWith('/operator/reconciliation/export.')) {
      exportGet(url, config?.params as Params);
      const disposition = `attachment; filename=reconciliation-accounts-2026-03-01_2026-03-02.csv`;
      return Promise.resolve(ok(new Blob(['x']), 200, { 'content-disposition': disposition }));
    }
    if (url === '/operator/reconciliation') {
      try {
        return Promise.resolve(reportGet(config?.params as Params));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('reconciliation (operator)', () => {
  it('shows the days in the address, both tables with their totals, and downloads a table', async () => {
    await renderApp(<ReconciliationReport />, { path: '/?from=2026-03-01&to=2026-03-02' });
    const accounts = await screen.findByRole('table', {
      name: 'Deposits per receiving account and day',
    });
    expect(reportGet).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '2026-03-02' });
    expect(within(accounts).getByText('Hanbit Agency')).toBeTruthy();
    expect(within(accounts).getByText('국민은행 · 100-200-300 · (주)한빛')).toBeTruthy();
    expect(within(accounts).getAllByText('3,500,000 KRW')).toHaveLength(2); // the row and the total
    expect(within(accounts).getByText('Total')).toBeTruthy();
    const merchants = screen.getByRole('table', { name: 'Merchant credits and debits per day' });
    expect(within(merchants).getByText('718.13 USDT')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Receiving bank accounts: Export CSV' }));
    await waitFor(() =>
      expect(exportGet).toHaveBeenCalledWith('/operator/reconciliation/export.csv', {
        from: '2026-03-01',
        to: '2026-03-02',
        part: 'accounts',
        lang: 'en',
      }),
    );
  });

  it('refuses a reversed range in the form, without asking the server', async () => {
    await renderApp(<ReconciliationReport />, { path: '/?from=2026-03-01&to=2026-03-02' });
    await screen.findByRole('table', { name: 'Deposits per receiving account and day' });
    const calls = reportGet.mock.calls.length;
    // The calendar offers no reversed range; a typed day is checked when the form is applied.
    expect(screen.getByLabelText('From').getAttribute('max')).toBe('2026-03-02');
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-03-01');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText(
        'Choose a start day on or before the end day, at most 92 days apart.',
      ),
    ).toBeTruthy();
    expect(reportGet.mock.calls.length).toBe(calls);
  });

  it('reads in Korean', async () => {
    await renderApp(<ReconciliationReport />, {
      language: 'ko',
      path: '/?from=2026-03-01&to=2026-03-02',
    });
    const accounts = await screen.findByRole('table', { name: '입금 계좌별·날짜별 입금' });
    expect(within(accounts).getByText('반환 예정')).toBeTruthy();
    expect(within(accounts).getByText('합계')).toBeTruthy();
    expect(screen.getByRole('button', { name: '입금 계좌: CSV 내보내기' })).toBeTruthy();
  });
});
