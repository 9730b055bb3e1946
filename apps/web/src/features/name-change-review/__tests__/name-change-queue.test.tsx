import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NameChangeReviewItem } from '@portal/contract/name-change';
import { NameChangeQueue } from '@/features/name-change-review/components/name-change-queue';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { stubDownloads } from '@/testing/downloads';

const item: NameChangeReviewItem = {
  id: '0b6c7c5e-3333-4333-8333-000000000001',
  currentName: '이서연',
  requestedName: '이하은',
  status: 'submitted',
  createdAt: '2026-11-25T01:02:03.000Z',
  decidedAt: null,
  rejectionReason: null,
  user: { id: 'u2', name: '이서연', email: 'seoyeon@example.com' },
  contentType: 'image/jpeg',
  sizeBytes: 4096,
};

let queue: NameChangeReviewItem[] = [];

beforeEach(() => {
  queue = [item];
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/name-changes') return Promise.resolve(ok({ items: queue }));
    if (url.endsWith('/file'))
      return Promise.resolve(ok(new Blob(['jpg'], { type: 'image/jpeg' })));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  stubDownloads();
});
afterEach(() => vi.restoreAllMocks());

describe('name changes waiting for the operator', () => {
  it('shows the name now, the name asked for and the document, then approves', async () => {
    const post = mockApi.post.mockImplementation(() => {
      queue = [];
      return Promise.resolve(ok({ ...item, status: 'approved' }));
    });
    await renderApp(<NameChangeQueue />);
    const list = await screen.findByRole('list', { name: 'Name changes' });
    expect(within(list).getByText('이서연')).toBeTruthy();
    expect(within(list).getByText('이하은')).toBeTruthy();
    expect(screen.getByText('1 request')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'View document' }));
    const dialog = await screen.findByRole('dialog', { name: '이서연 → 이하은' });
    expect(
      await within(dialog).findByAltText('Identity document sent for the name 이하은'),
    ).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Approve the name change of 이서연' }),
    );
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/name-changes/${item.id}/approve`),
    );
    expect(await screen.findByText('Approved: 이서연 is now 이하은.')).toBeTruthy();
    expect(await screen.findByText('No name changes are waiting for review.')).toBeTruthy();
  });

  it('says why an approval waits while a buy is open', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'OPEN_BUY_REQUESTS'));
    await renderApp(<NameChangeQueue />, { language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: '이서연님의 이름 변경 승인' }));
    expect(
      await screen.findByText('진행 중인 구매 요청이 있는 동안에는 이름을 바꿀 수 없습니다.'),
    ).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...item, status: 'rejected' }));
    await renderApp(<NameChangeQueue />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Reject the name change of 이서연' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject name change' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), {
      target: { value: 'The card shows another name.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/name-changes/${item.id}/reject`, {
        reason: 'The card shows another name.',
      }),
    );
  });
});
