import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AuditEvent } from '@portal/contract/audit';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads } from '@/testing/downloads';

const operatorId = '6f1c2b9e-0000-4000-8000-0000000000aa';
const userId = '6f1c2b9e-0000-4000-8000-0000000000bb';
function event(index: number, action = 'sign_in'): AuditEvent {
  return {
    id: `e${index}`,
    seq: index,
    occurredAt: '2026-03-02T01:02:03.000Z',
    action,
    actorUserId: operatorId,
    subjectUserId: action === 'sign_in' ? operatorId : userId,
    actorEmail: 'operator@example.com',
    subjectEmail: action === 'sign_in' ? 'operator@example.com' : 'client@example.com',
    ip: '10.0.0.1',
    objectType: null,
    objectId: null,
    details: action === 'status_changed' ? { from: 'active', to: 'disabled' } : {},
    hash: index.toString(16).padStart(64, '0'),
  };
}

type Params = { cursor?: string; action?: string; email?: string };
let chainAnswer: () => ReturnType<typeof ok>;
let auditGet: Mock<(params: Params) => ReturnType<typeof ok>>;
beforeEach(() => {
  stubDownloads();
  chainAnswer = () =>
    ok({ intact: true, rows: 1234, head: { seq: 1234, hash: 'ab'.repeat(32) }, firstBroken: null });
  auditGet = vi.fn((params: Params) => {
    if (params.email && params.email !== 'client@example.com') {
      throw apiFailure(400, 'VALIDATION_FAILED', { fields: { email: 'userUnknown' } });
    }
    if (params.action) return ok({ items: [event(9, params.action)], nextCursor: null });
    return params.cursor
      ? ok({ items: [event(3)], nextCursor: null })
      : ok({ items: [event(1), event(2, 'status_changed')], nextCursor: 'next-page' });
  });
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/audit-events/chain') return Promise.resolve(chainAnswer());
    if (url.startsWith('/operator/audit-events/export.')) {
      const disposition = `attachment; filename=audit-trail-2026-11-26.csv; filename*=UTF-8''${encodeURIComponent('감사로그_2026-11-26.csv')}`;
      return Promise.resolve(ok(new Blob(['x']), 200, { 'content-disposition': disposition }));
    }
    if (url === '/operator/audit-events') {
      try {
        return Promise.resolve(auditGet(config?.params as Params));
      } catch (error) {
        return Promise.reject(error as Error);
      }
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

  it('applies the action, a range of days in Korea and an email, through the address', async () => {
    const { router } = await renderApp(<AuditLog />);
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Status changed', hidden: true }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByRole('textbox', { name: "User's email" }), {
      target: { value: ' Client@Example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The server reads the days as days in Korea; the browser sends them as picked.
    await waitFor(() =>
      expect(auditGet).toHaveBeenLastCalledWith({
        action: 'status_changed',
        email: 'client@example.com',
        emailRole: 'either',
        from: '2026-03-01',
        to: '2026-03-02',
        limit: '50',
      }),
    );
    expect(await screen.findByText('1 event')).toBeTruthy();
    expect(router.state.location.search).toBe(
      '?action=status_changed&email=client%40example.com&from=2026-03-01&to=2026-03-02',
    );

    // Back undoes the filters, and the form follows.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('2 events shown, more are available')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('opens a shared address with its filters in the form', async () => {
    await renderApp(<AuditLog />, { path: '/?action=status_changed&from=2026-03-01&cursor=x' });
    expect(await screen.findByText('1 event')).toBeTruthy();
    expect(auditGet).toHaveBeenLastCalledWith({
      action: 'status_changed',
      emailRole: 'either',
      from: '2026-03-01',
      limit: '50',
    });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByRole('combobox', { name: 'Action' }) as HTMLInputElement).value).toBe(
      'Status changed',
    );
  });

  it('says when no user has the email, refuses a malformed one and a range out of order', async () => {
    await renderApp(<AuditLog />, { language: 'ko' });
    await screen.findByRole('table', { name: '감사 이벤트' });
    const email = screen.getByRole('textbox', { name: '사용자 이메일' });
    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    expect(
      await screen.findByText('nobody@example.com 이메일을 쓰는 사용자가 없습니다.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    expect(await screen.findByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();

    fireEvent.change(email, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: '적용' }));
    expect(await screen.findByText('종료일이 시작일보다 앞섭니다.')).toBeTruthy();
  });

  it('filters by object and by whose email, in the address', async () => {
    const { router } = await renderApp(<AuditLog />);
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Object' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Transaction', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reference' }), {
      target: { value: 'b00000012' },
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Whose email' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acted', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: "User's email" }), {
      target: { value: 'client@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?email=client%40example.com&emailRole=actor&objectType=transaction&objectId=b00000012',
      ),
    );
    expect(auditGet).toHaveBeenLastCalledWith({
      email: 'client@example.com',
      emailRole: 'actor',
      objectType: 'transaction',
      objectId: 'b00000012',
      limit: '50',
    });

    // A reference with a space is no reference: said on its input, nothing sent.
    fireEvent.change(screen.getByRole('textbox', { name: 'Reference' }), {
      target: { value: 'b 12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This value is not valid.')).toBeTruthy();
  });

  it('exports the filtered events, named in Korean for a Korean reader', async () => {
    await renderApp(<AuditLog />, { language: 'ko', path: '/?action=status_changed' });
    await screen.findByRole('table', { name: '감사 이벤트' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    await waitFor(() =>
      expect(mockApi.get).toHaveBeenCalledWith('/operator/audit-events/export.csv', {
        params: { action: 'status_changed', emailRole: 'either', lang: 'ko' },
      }),
    );
    expect(await screen.findByText('감사로그_2026-11-26.csv 파일을 내려받았습니다.')).toBeTruthy();
  });

  it('verifies the trail on demand and shows its head, or where it breaks', async () => {
    await renderApp(<AuditLog />);
    await screen.findByRole('table', { name: 'Audit events' });
    expect(mockApi.get).not.toHaveBeenCalledWith('/operator/audit-events/chain', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Verify the trail' }));
    expect(await screen.findByText('The trail is whole')).toBeTruthy();
    expect(screen.getByText('1,234 events checked.')).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();

    chainAnswer = () =>
      ok({
        intact: false,
        rows: 1234,
        head: { seq: 1234, hash: 'cd'.repeat(32) },
        firstBroken: { seq: 77, reason: 'hash' },
      });
    fireEvent.click(screen.getByRole('button', { name: 'Verify the trail' }));
    expect(await screen.findByText('The trail has been tampered with')).toBeTruthy();
    expect(
      screen.getByText('Event No. 77: its content was changed after it was written.'),
    ).toBeTruthy();
  });

  it('says the trail is whole in Korean', async () => {
    await renderApp(<AuditLog />, { language: 'ko' });
    await screen.findByRole('table', { name: '감사 이벤트' });
    fireEvent.click(screen.getByRole('button', { name: '무결성 검증' }));
    expect(await screen.findByText('감사 로그가 온전합니다')).toBeTruthy();
    expect(screen.getByText('이벤트 1,234건을 확인했습니다.')).toBeTruthy();
  });
});
