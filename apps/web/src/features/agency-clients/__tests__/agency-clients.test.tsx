import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AgencyClient, AgencyClientDetail as Detail } from '@portal/contract/agency-clients';
import { AgencyClientDetail } from '@/features/agency-clients/components/agency-client-detail';
import { AgencyClients } from '@/features/agency-clients/components/agency-clients';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const agent = { ...testUser, role: 'agency' as const, agency: { code: 'SEOUL-01', name: 'Seoul' } };

function client(index: number): AgencyClient {
  return {
    id: `7c9e6679-7425-40de-944b-e07fc1f9${String(index).padStart(4, '0')}`,
    name: `Client ${index}`,
    email: `client${index}@example.com`,
    phone: '010-1234-5678',
    kycStatus: index === 1 ? 'approved' : 'not_submitted',
    joinedAt: '2026-03-02T01:02:03.000Z',
    transactionCount: index,
    volumeKrw: '1392500',
  };
}

/** The query as the server receives it: text. */
type Params = { q?: string; page: string; pageSize: string };
let clientsGet: Mock<(params: Params) => ReturnType<typeof ok>>;
beforeEach(() => {
  clientsGet = vi.fn((params: Params) => {
    const all = Array.from({ length: 45 }, (_, index) => client(index + 1)).filter(
      (item) => !params.q || item.name.includes(params.q),
    );
    const page = Number(params.page);
    const pageSize = Number(params.pageSize);
    const start = (page - 1) * pageSize;
    return ok({ items: all.slice(start, start + pageSize), total: all.length, page, pageSize });
  });
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: agent }));
    if (url === '/agency/clients') return Promise.resolve(clientsGet(config?.params as Params));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Clients (agency)', () => {
  it('lists clients with KYC, count and volume, and pages with the Showing line', async () => {
    const { router } = await renderApp(<AgencyClients />, { path: '/app/clients' });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByText('Client 1')).toBeTruthy();
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(within(table).getAllByText('1,392,500 KRW')).toHaveLength(20);
    expect(screen.getByText('Showing 1 to 20 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 41 to 45 of 45')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(clientsGet).toHaveBeenLastCalledWith({ page: '3', pageSize: '20' });
  });

  it('searches after typing pauses, from the first page', async () => {
    const { router } = await renderApp(<AgencyClients />, { path: '/app/clients?page=2' });
    await screen.findByText('Showing 21 to 40 of 45');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), {
      target: { value: 'Client 4' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=Client+4'), {
      timeout: 5000,
    });
    expect(await screen.findByText('Showing 1 to 7 of 7', {}, { timeout: 5000 })).toBeTruthy();
    expect(clientsGet).toHaveBeenLastCalledWith({ q: 'Client 4', page: '1', pageSize: '20' });
  });

  it('says so when a search finds nobody', async () => {
    await renderApp(<AgencyClients />, { path: '/app/clients?q=nobody', language: 'ko' });
    expect(await screen.findByText('검색 결과가 없습니다')).toBeTruthy();
  });
});

describe('Client detail', () => {
  const detail: Detail = {
    ...client(1),
    kycDocuments: [
      { kind: 'id_front', status: 'approved' },
      { kind: 'id_back', status: 'approved' },
      { kind: 'selfie', status: 'submitted' },
      { kind: 'bank_book', status: 'not_submitted' },
    ],
    merchantAccountCount: 2,
    recentTransactions: [
      {
        id: 'a1',
        number: 'B00000042',
        type: 'buy',
        status: 'Completed',
        merchantName: 'Hanbit Wallet',
        asset: 'USDT',
        amount: '1000.50000000',
        totalKrw: '1393196',
        createdAt: '2026-03-02T01:02:03.000Z',
      },
    ],
  };

  it('shows the client’s facts, documents and last transactions', async () => {
    mockApi.get.mockImplementation((url: string) => {
      if (url === '/auth/me') return Promise.resolve(ok({ user: agent }));
      if (url === `/agency/clients/${detail.id}`) return Promise.resolve(ok({ client: detail }));
      return Promise.reject(new Error(`unexpected GET ${url}`));
    });
    await renderApp(<AgencyClientDetail id={detail.id} />);
    expect(await screen.findByRole('heading', { name: 'Client 1', level: 1 })).toBeTruthy();
    expect(screen.getByText('2 accounts')).toBeTruthy();
    const documents = screen.getByRole('list', { name: 'Identity documents' });
    expect(within(documents).getAllByText('Approved')).toHaveLength(2);
    const recent = screen.getByRole('table', { name: 'Last transactions' });
    expect(within(recent).getByText('B00000042')).toBeTruthy();
    expect(within(recent).getByText('1,000.5 USDT')).toBeTruthy();
  });

  it('tells an unknown or foreign client apart from an error', async () => {
    mockApi.get.mockImplementation((url: string) => {
      if (url === '/auth/me') return Promise.resolve(ok({ user: agent }));
      return Promise.reject(apiFailure(404, 'NOT_FOUND'));
    });
    await renderApp(<AgencyClientDetail id={detail.id} />);
    expect(
      await screen.findByText('This client does not exist or is not registered under your agency.'),
    ).toBeTruthy();
  });
});
