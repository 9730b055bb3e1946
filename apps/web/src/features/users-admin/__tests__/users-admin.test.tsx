import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { OperatorUser } from '@portal/contract/users';
import { UsersAdmin } from '@/features/users-admin/components/users-admin';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const me = { ...testUser, role: 'operator' as const };
const client: OperatorUser = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: '홍길동',
  email: 'client@example.com',
  phone: '010-1234-5678',
  role: 'client',
  status: 'active',
  agency: { code: 'SEOUL-01', name: 'Seoul Partners' },
  emailVerified: true,
  joinedAt: '2026-03-02T01:02:03.000Z',
};
const self: OperatorUser = { ...client, ...me, status: 'active', joinedAt: client.joinedAt };

type Params = Record<string, unknown>;
let usersGet: Mock<(params: Params) => ReturnType<typeof ok>>;
beforeEach(() => {
  usersGet = vi.fn((_params: Params) =>
    ok({ items: [client, self], total: 2, page: 1, pageSize: 20 }),
  );
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: me }));
    if (url === '/operator/users') return Promise.resolve(usersGet(config?.params as Params));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('users (operator)', () => {
  it('lists users with role, status and agency; nothing to change on oneself', async () => {
    await renderApp(<UsersAdmin />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Seoul Partners (SEOUL-01)')).toBeTruthy();
    expect(within(table).getByText('This is you')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Disable / })).toHaveLength(1);
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeTruthy();
  });

  it('filters by status through the URL', async () => {
    const { router } = await renderApp(<UsersAdmin />, { path: '/app/operator/users?role=agency' });
    await screen.findByRole('table', { name: 'Users' });
    expect(usersGet).toHaveBeenLastCalledWith(
      expect.objectContaining({ role: 'agency', page: '1' }),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=agency&status=disabled'));
    await waitFor(() =>
      expect(usersGet).toHaveBeenLastCalledWith(
        expect.objectContaining({ role: 'agency', status: 'disabled' }),
      ),
    );
  });

  it('asks before disabling, then disables', async () => {
    const put = mockApi.put.mockResolvedValue(
      ok({ user: { ...client, status: 'disabled', agency: client.agency } }),
    );
    await renderApp(<UsersAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable 홍길동' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 홍길동?' });
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(`/operator/users/${client.id}/status`, {
        status: 'disabled',
      }),
    );
    expect(await screen.findByText('홍길동 is disabled and signed out.')).toBeTruthy();
  });

  it('changes a role after asking, and shows a refusal', async () => {
    mockApi.put.mockRejectedValue(apiFailure(403, 'FORBIDDEN'));
    await renderApp(<UsersAdmin />, { language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: '홍길동의 역할 변경' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '대행사로 변경' }));
    const dialog = await screen.findByRole('dialog', {
      name: '홍길동의 역할을 대행사로 바꿀까요?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '역할 변경' }));
    await waitFor(() =>
      expect(mockApi.put).toHaveBeenCalledWith(`/operator/users/${client.id}/role`, {
        role: 'agency',
      }),
    );
  });
});
