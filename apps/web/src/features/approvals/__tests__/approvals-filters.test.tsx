import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalsQueue } from '@/features/approvals/components/approvals-queue';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';
import { approvalOf, checker, transactionRef } from '@/testing/approvals';
import { stubDownloads, exportFile } from '@/testing/downloads';

/** The queue searched, filtered by Korea day, ordered and exported (docs/decisions/021). */
const me = { ...testUser, id: checker.id, name: checker.name, role: 'operator' as const };
const cancellation = approvalOf({
  kind: 'buy_cancellation',
  transaction: transactionRef,
  reason: 'Asked twice.',
});

beforeEach(() => {
  stubDownloads();
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: me }));
    if (url === '/operator/approvals') {
      return Promise.resolve(ok({ items: [cancellation], total: 1, page: 1, pageSize: 20 }));
    }
    if (url.startsWith('/operator/approvals/export.')) {
      const file = `2026-11-26.${url.endsWith('csv') ? 'csv' : 'xlsx'}`;
      return Promise.resolve(exportFile(`approvals-${file}`, `승인내역_${file}`));
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('approvals queue filters', () => {
  it('sends what is typed as q, keeps it in the address with the days and the order', async () => {
    const { router } = await renderApp(<ApprovalsQueue />, {
      path: '/?from=2026-11-01&to=2026-11-26',
    });
    await screen.findByRole('table', { name: 'Approvals: Pending' });
    expect(screen.getByText('1 approval')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: ' 1,000,000 ' },
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?q=${encodeURIComponent('1,000,000')}&from=2026-11-01&to=2026-11-26`,
      ),
    );
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/approvals',
        expect.objectContaining({
          params: {
            view: 'pending',
            q: '1,000,000',
            from: '2026-11-01',
            to: '2026-11-26',
            page: '1',
            pageSize: '20',
          },
        }),
      ),
    );
    // Pending shows the one waiting longest first; newest first is a choice kept in the address.
    const order = screen.getByRole('combobox', { name: 'Order' }) as HTMLInputElement;
    expect(order.value).toBe('Oldest first');
    fireEvent.click(order);
    fireEvent.click(await screen.findByRole('option', { name: 'Newest first', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=newest'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('exports exactly what is shown, in the reader’s language (ko)', async () => {
    await renderApp(<ApprovalsQueue />, {
      language: 'ko',
      path: `/?view=decided&kind=buy_cancellation&q=${encodeURIComponent('홍')}&from=2026-11-01&sort=oldest&page=2`,
    });
    await screen.findByRole('table', { name: '승인: 결정됨' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/operator/approvals/export.csv', {
        params: {
          view: 'decided',
          kind: 'buy_cancellation',
          q: '홍',
          from: '2026-11-01',
          sort: 'oldest',
          lang: 'ko',
        },
      }),
    );
    expect(await screen.findByText('승인내역_2026-11-26.csv 파일을 내려받았습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '엑셀 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith(
        '/operator/approvals/export.xlsx',
        expect.objectContaining({ params: expect.objectContaining({ view: 'decided' }) }),
      ),
    );
    // Waited for, so the download ends before the test does.
    expect(await screen.findByText('승인내역_2026-11-26.xlsx 파일을 내려받았습니다.')).toBeTruthy();
  });
});
