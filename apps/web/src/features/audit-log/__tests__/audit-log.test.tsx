import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AuditEvent } from '@portal/contract/audit';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

const operatorId = '6f1c2b9e-0000-4000-8000-0000000000aa';
const userId = '6f1c2b9e-0000-4000-8000-0000000000bb';
function event(index: number, action = 'sign_in'): AuditEvent {
  return {
    id: `e${index}`,
    occurredAt: '2026-03-02T01:02:03.000Z',
    action,
    actorUserId: operatorId,
    subjectUserId: action === 'sign_in' ? operatorId : userId,
    actorEmail: 'operator@example.com',
    subjectEmail: action === 'sign_in' ? 'operator@example.com' : 'client@example.com',
    ip: '10.0.0.1',
    details: action === 'status_changed' ? { from: 'active', to: 'disabled' } : {},
  };
}

type Params = { cursor?: string; action?: string };
let auditGet: Mock<(params: Params) => ReturnType<typeof ok>>;
beforeEach(() => {
  auditGet = vi.fn((params: Params) => {
    if (params.action) return ok({ items: [event(9, params.action)], nextCursor: null });
    return params.cursor
      ? ok({ items: [event(3)], nextCursor: null })
      : ok({ items: [event(1), event(2, 'status_changed')], nextCursor: 'next-page' });
  });
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/audit-events')
      return Promise.resolve(auditGet(config?.params as Params));
    if (url === '/operator/users') {
      return Promise.resolve(
        ok({
          items: [
            {
              id: userId,
              name: '홍길동',
              email: 'client@example.com',
              phone: '010-1234-5678',
              role: 'client',
              status: 'active',
              agency: null,
              joinedAt: '2026-03-02T01:02:03.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
      );
    }
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('audit log (operator)', () => {
  it('shows events with who and whom, and loads more', async () => {
    await renderApp(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(within(table).getByText('Status changed')).toBeTruthy();
    expect(within(table).getByText('client@example.com')).toBeTruthy();
    expect(within(table).getByText('from: active · to: disabled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('3 events')).toBeTruthy();
    expect(auditGet).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'next-page' }));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('applies the action, a Korean date range and a user found by email', async () => {
    await renderApp(<AuditLog />);
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Status changed', hidden: true }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByRole('textbox', { name: "User's email" }), {
      target: { value: 'Client@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(auditGet).toHaveBeenLastCalledWith({
        action: 'status_changed',
        userId,
        from: '2026-03-01T00:00:00+09:00',
        to: '2026-03-02T23:59:59.999+09:00',
        limit: '50',
      }),
    );
    expect(await screen.findByText('1 event')).toBeTruthy();
  });

  it('says when no user has the email, and refuses a range out of order', async () => {
    await renderApp(<AuditLog />, { language: 'ko' });
    await screen.findByRole('table', { name: '감사 이벤트' });
    fireEvent.change(screen.getByRole('textbox', { name: '사용자 이메일' }), {
      target: { value: 'nobody@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    expect(
      await screen.findByText('nobody@example.com 이메일을 쓰는 사용자가 없습니다.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    expect(await screen.findByText('종료일이 시작일보다 앞섭니다.')).toBeTruthy();
  });
});
