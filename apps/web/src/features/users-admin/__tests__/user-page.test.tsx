import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorUserPage } from '@portal/contract/operator-workbench';
import { UserPage } from '@/features/users-admin/components/user-page';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const me = { ...testUser, role: 'operator' as const };
const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const page: OperatorUserPage = {
  user: {
    id,
    name: '홍길동',
    email: 'hong@example.com',
    phone: '010-1234-5678',
    role: 'client',
    status: 'active',
    agency: { code: 'SEOUL-01', name: 'Seoul Partners' },
    emailVerified: true,
    joinedAt: '2026-03-02T01:02:03.000Z',
  },
  identity: {
    status: 'rejected',
    documents: [
      {
        id: 'd1',
        kind: 'id_front',
        status: 'approved',
        contentType: 'image/png',
        sizeBytes: 100,
        uploadedAt: '2026-03-02T02:00:00.000Z',
        reviewedAt: '2026-03-02T03:00:00.000Z',
        rejectionReason: null,
        reviewedBy: { id: 'op', name: '이심사' },
      },
      {
        id: 'd2',
        kind: 'selfie',
        status: 'rejected',
        contentType: 'image/png',
        sizeBytes: 100,
        uploadedAt: '2026-03-02T02:00:00.000Z',
        reviewedAt: '2026-03-02T03:00:00.000Z',
        rejectionReason: 'Blurred photo',
        reviewedBy: { id: 'op', name: '이심사' },
      },
    ],
  },
  accounts: [
    {
      id: 'a1',
      merchant: { id: 'm1', code: 'M1', name: 'Star Exchange', asset: 'USDT' },
      accountNumber: 'ACC-7788',
      holderName: '홍길동',
      name: 'Main',
      isDefault: true,
      createdAt: '2026-03-03T00:00:00.000Z',
    },
  ],
  payee: {
    bankCode: '004',
    bankName: 'KB Kookmin Bank',
    accountNumber: '123-456-789',
    holderName: '홍길동',
    updatedAt: '2026-03-04T00:00:00.000Z',
  },
  transactions: { items: [], total: 0 },
  sessions: [
    {
      createdAt: '2026-11-26T00:00:00.000Z',
      lastSeenAt: '2026-11-26T01:00:00.000Z',
      expiresAt: '2026-11-27T00:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 Test',
    },
  ],
};

let answer: () => Promise<unknown>;
beforeEach(() => {
  answer = () => Promise.resolve(ok(page));
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: me }));
    if (url === `/operator/users/${id}`) return answer();
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the operator’s page of a user', () => {
  it('shows identity, documents with reviewer, payee, accounts and sessions (en)', async () => {
    await renderApp(<UserPage id={id} />);
    expect(await screen.findByRole('heading', { name: '홍길동', level: 1 })).toBeTruthy();
    expect(screen.getByText('hong@example.com')).toBeTruthy();
    expect(screen.getByText('Seoul Partners (SEOUL-01)')).toBeTruthy();
    const documents = screen.getByRole('table', { name: 'Identity documents' });
    expect(within(documents).getAllByText('이심사')).toHaveLength(2);
    expect(within(documents).getByText('Rejected: Blurred photo')).toBeTruthy();
    expect(screen.getByText('123-456-789')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Merchant accounts' })).getByText('ACC-7788'),
    ).toBeTruthy();
    const sessions = screen.getByRole('table', { name: 'Signed-in sessions' });
    expect(within(sessions).getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getByText('No transaction yet.')).toBeTruthy();
  });

  it('signs the user out everywhere after a confirmation', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ended: 1 }));
    await renderApp(<UserPage id={id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign this user out everywhere?' });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/operator/users/${id}/sessions/end`));
    expect(await screen.findByText('1 session ended.')).toBeTruthy();
  });

  it('offers no sign-out on the operator’s own page', async () => {
    const own = { ...page, user: { ...page.user, id: me.id } };
    mockApi.get.mockImplementation((url: string) => {
      if (url === '/auth/me') return Promise.resolve(ok({ user: me }));
      if (url === `/operator/users/${me.id}`) return Promise.resolve(ok(own));
      return Promise.reject(new Error(`unexpected GET ${url}`));
    });
    await renderApp(<UserPage id={me.id} />);
    await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });

  it('reads in Korean, with the bank’s Korean name', async () => {
    await renderApp(<UserPage id={id} />, { language: 'ko' });
    expect(await screen.findByRole('heading', { name: '본인 확인 서류' })).toBeTruthy();
    expect(screen.getByText('반려 사유: Blurred photo')).toBeTruthy();
    expect(screen.getByText('KB국민은행')).toBeTruthy();
    expect(screen.getByRole('table', { name: '로그인 세션' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '모든 기기에서 로그아웃' })).toBeTruthy();
    expect(screen.getByText('아직 거래가 없습니다.')).toBeTruthy();
  });

  it('links the latest transactions to their detail and to All filtered by the user', async () => {
    const tx = {
      id: 'tx-1',
      number: 'T0001',
      type: 'buy',
      status: 'Pending',
      amount: '10',
      totalKrw: '13500',
      createdAt: '2026-11-26T00:00:00.000Z',
      merchant: { id: 'm1', code: 'M1', name: 'Star Exchange', asset: 'USDT' },
    };
    answer = () => Promise.resolve(ok({ ...page, transactions: { items: [tx], total: 12 } }));
    await renderApp(<UserPage id={id} />);
    const link = await screen.findByRole('link', { name: 'T0001' });
    expect(link.getAttribute('href')).toBe('/app/operator/transactions/tx-1');
    expect(
      screen.getByRole('link', { name: 'See all 12 in All transactions' }).getAttribute('href'),
    ).toBe('/app/operator/transactions?queue=all&q=hong%40example.com');
  });

  it('says so when the user does not exist', async () => {
    answer = () => Promise.reject(apiFailure(404, 'NOT_FOUND'));
    await renderApp(<UserPage id={id} />);
    expect(await screen.findByText('This user does not exist.')).toBeTruthy();
  });
});
