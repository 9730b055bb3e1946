import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionDetailScreen } from '@/features/transactions/components/transaction-detail';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';
import { transaction } from '@/testing/money';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const client = { id: 'c1', name: '김민준', email: 'minjun@example.test' };

/** An agency user opens a client's Requested buy: the agency's own route, read-only. */
async function showAsAgency(language: 'en' | 'ko') {
  const detail = { ...transaction({ status: 'Requested' }), client };
  mockApi.get.mockImplementation((url) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'agency' } }));
    if (url === `/agency/transactions/${detail.id}`) return Promise.resolve(ok(detail));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  await renderApp(<TransactionDetailScreen id={detail.id} scope="agency" />, { language });
  const title = language === 'en' ? `Transaction ${detail.number}` : `거래 ${detail.number}`;
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return detail;
}

describe('a client’s transaction, as its agency sees it', () => {
  it.each([
    ['en', 'Client: 김민준 (minjun@example.test)', 'Back to Client Transactions', 'Cancel request'],
    ['ko', '고객: 김민준 (minjun@example.test)', '고객 거래 내역으로 돌아가기', '요청 취소'],
  ] as const)(
    'in %s: names the client, leads back to the list, offers no cancel and no payment steps',
    async (language, who, back, cancel) => {
      await showAsAgency(language);
      expect(screen.getByText(who)).toBeTruthy();
      expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(
        '/app/client-transactions',
      );
      expect(screen.queryByRole('button', { name: cancel })).toBeNull();
      // The payment instructions speak to the payer ("your registered name"), not to the agency.
      expect(screen.queryByText(/How to pay for this buy|입금 방법/)).toBeNull();
      expect(mockApi.get).not.toHaveBeenCalledWith(
        expect.stringMatching(/^\/transactions\//),
        expect.anything(),
      );
    },
  );
});
