import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycReviewItem } from '@portal/contract/kyc';
import { KycReviewQueue } from '@/features/kyc-review/components/kyc-review-queue';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const item: KycReviewItem = {
  id: '0b6c7c5e-2222-4222-8222-000000000001',
  kind: 'selfie',
  status: 'submitted',
  contentType: 'image/jpeg',
  sizeBytes: 4096,
  uploadedAt: '2026-03-02T01:02:03.000Z',
  reviewedAt: null,
  rejectionReason: null,
  user: { id: 'u2', name: '이서연', email: 'seoyeon@example.com' },
  reviewedBy: null,
};
const reviewed: KycReviewItem = {
  ...item,
  id: '0b6c7c5e-2222-4222-8222-000000000002',
  status: 'approved',
  reviewedAt: '2026-03-02T15:30:00.000Z',
  reviewedBy: { id: 'op1', name: 'Operator Park' },
};

/** Approving asks first; this says yes. */
async function confirmApproval() {
  const confirm = await screen.findByRole('dialog', { name: 'Approve document' });
  expect(within(confirm).getByText(/Approve Selfie of 이서연\?/)).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Approve document' }));
}

let queue: KycReviewItem[] = [];

beforeEach(() => {
  queue = [item];
  mockApi.get.mockImplementation((url: string, config?: { params?: unknown }) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/kyc/documents') {
      const { status } = config?.params as { status: string };
      if (status === 'approved') return Promise.resolve(ok({ items: [reviewed] }));
      return Promise.resolve(ok({ items: status === 'submitted' ? queue : [] }));
    }
    if (url.endsWith('/file'))
      return Promise.resolve(ok(new Blob(['jpg'], { type: 'image/jpeg' })));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:x'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
});
afterEach(() => vi.restoreAllMocks());

describe('KYC review queue', () => {
  it('lists submitted documents with user, kind and upload time', async () => {
    await renderApp(<KycReviewQueue />);
    const row = (await screen.findByText('이서연')).closest('tr')!;
    expect(within(row).getByText('seoyeon@example.com')).toBeTruthy();
    expect(within(row).getByText('Selfie')).toBeTruthy();
    expect(screen.getByText('1 document')).toBeTruthy();
    // Korea's time, as everywhere else: 01:02 UTC is 10:02 in Seoul.
    expect(within(row).getByText(/Mar 2, 2026, 10:02/)).toBeTruthy();
  });

  it('shows who reviewed a decided document and when, in Korea time', async () => {
    await renderApp(<KycReviewQueue />);
    await screen.findByText('이서연');
    fireEvent.click(screen.getByRole('radio', { name: 'Approved' }));
    const row = (await screen.findByText('by Operator Park')).closest('tr')!;
    // 15:30 UTC is 00:30 the next day in Seoul.
    expect(within(row).getByText(/Mar 3, 2026, 12:30/)).toBeTruthy();
  });

  it('approves: the row leaves the queue and a toast says so', async () => {
    const post = mockApi.post.mockImplementation(() => {
      queue = [];
      return Promise.resolve(ok({ ...item, status: 'approved' }));
    });
    await renderApp(<KycReviewQueue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Selfie of 이서연' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve document' });
    expect(post).not.toHaveBeenCalled();
    // Cancel keeps it waiting; nothing is sent.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Selfie of 이서연' }));
    await confirmApproval();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/kyc/documents/${item.id}/approve`),
    );
    expect(await screen.findByText('Approved: Selfie of 이서연.')).toBeTruthy();
    expect(await screen.findByText('No documents are waiting for review.')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...item, status: 'rejected' }));
    await renderApp(<KycReviewQueue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Selfie of 이서연' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject document' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    const reason = within(dialog).getByLabelText(/^Reason/);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  The photo is blurred.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/kyc/documents/${item.id}/reject`, {
        reason: 'The photo is blurred.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when someone else reviewed it first', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'KYC_ALREADY_REVIEWED'));
    await renderApp(<KycReviewQueue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Selfie of 이서연' }));
    await confirmApproval();
    expect(await screen.findByText('This document has already been reviewed.')).toBeTruthy();
  });

  it('previews the file fetched as a blob', async () => {
    const get = vi.mocked(mockApi.get);
    await renderApp(<KycReviewQueue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Selfie of 이서연' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selfie of 이서연' });
    expect(
      await within(dialog).findByRole('img', { name: 'Selfie submitted by 이서연' }),
    ).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`/kyc/documents/${item.id}/file`);
  });

  it('filters by status', async () => {
    const get = vi.mocked(mockApi.get);
    await renderApp(<KycReviewQueue />);
    await screen.findByText('이서연');
    fireEvent.click(screen.getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected documents.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/operator/kyc/documents', {
      params: { status: 'rejected' },
    });
  });

  it('lets the operator decide from the preview', async () => {
    const post = mockApi.post.mockResolvedValue(ok({ ...item, status: 'approved' }));
    await renderApp(<KycReviewQueue />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Selfie of 이서연' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selfie of 이서연' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Selfie of 이서연' }));
    await confirmApproval();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/operator/kyc/documents/${item.id}/approve`),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists documents as cards on a phone', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
    try {
      await renderApp(<KycReviewQueue />);
      const list = await screen.findByRole('list', { name: 'Documents: Submitted' });
      expect(within(list).getByText('seoyeon@example.com')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
