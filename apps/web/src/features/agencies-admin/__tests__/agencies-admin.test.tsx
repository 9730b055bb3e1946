import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorAgency } from '@portal/contract/agencies';
import { AgenciesAdmin } from '@/features/agencies-admin/components/agencies-admin';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const seoul: OperatorAgency = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'SEOUL-01',
  name: 'Seoul Partners',
  bankName: '국민은행',
  bankAccountNumber: '123-456-789012',
  bankAccountHolder: '(주)서울파트너스',
  clientCount: 12,
  agencyUserCount: 1,
  status: 'active',
  disabledAt: null,
  createdAt: '2026-03-02T01:02:03.000Z',
};

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/agencies') return Promise.resolve(ok({ items: [seoul] }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add agency' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an agency' });
  fireEvent.change(field(dialog, /^Agency name/), { target: { value: 'Incheon Partners' } });
  fireEvent.change(field(dialog, /^Agency code/), { target: { value: 'incheon-03' } });
  fireEvent.change(field(dialog, /^Bank/), { target: { value: '신한은행' } });
  fireEvent.change(field(dialog, /^Account number/), { target: { value: '110-123-456789' } });
  fireEvent.change(field(dialog, /^Account holder/), { target: { value: '(주)인천' } });
  fireEvent.change(field(dialog, /^Name/), { target: { value: '이대행' } });
  fireEvent.change(field(dialog, /^Phone/), { target: { value: '010-2222-3333' } });
  fireEvent.change(field(dialog, /^Email/), { target: { value: 'agent@incheon.example' } });
  fireEvent.change(within(dialog).getByLabelText(/^Password/), {
    target: { value: 'a long passphrase' },
  });
  return dialog;
}

describe('agencies (operator)', () => {
  it('lists agencies with bank account and counts', async () => {
    await renderApp(<AgenciesAdmin />);
    const table = await screen.findByRole('table', { name: 'Agencies' });
    expect(within(table).getByText('SEOUL-01')).toBeTruthy();
    expect(within(table).getByText('(주)서울파트너스')).toBeTruthy();
    expect(within(table).getByText('12')).toBeTruthy();
  });

  it('creates an agency with its first user, the code in capitals', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ agency: { ...seoul, code: 'INCHEON-03', name: 'Incheon Partners' } }, 201),
    );
    await renderApp(<AgenciesAdmin />);
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add agency' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/operator/agencies', {
      code: 'INCHEON-03',
      name: 'Incheon Partners',
      bankName: '신한은행',
      bankAccountNumber: '110-123-456789',
      bankAccountHolder: '(주)인천',
      user: {
        name: '이대행',
        email: 'agent@incheon.example',
        phone: '010-2222-3333',
        password: 'a long passphrase',
      },
    });
    expect(
      await screen.findByText(
        'Agency Incheon Partners added. agent@incheon.example can sign in now.',
      ),
    ).toBeTruthy();
  });

  it('refuses a short password before sending', async () => {
    const post = mockApi.post;
    await renderApp(<AgenciesAdmin />);
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add agency' }));
    expect(await within(dialog).findByText('Password must be more than 8 letter.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a taken code on the code field', async () => {
    mockApi.post.mockRejectedValue(
      apiFailure(409, 'AGENCY_CODE_TAKEN', { fields: { code: 'invalid' } }),
    );
    await renderApp(<AgenciesAdmin />);
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add agency' }));
    expect(await within(dialog).findByText('Another agency already has this code.')).toBeTruthy();
  });

  it('edits the name and bank account, not the code', async () => {
    const patch = mockApi.patch.mockResolvedValue(ok({ agency: seoul }));
    await renderApp(<AgenciesAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Seoul Partners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Seoul Partners' });
    expect((field(dialog, /^Agency code/) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    fireEvent.change(field(dialog, /^Account holder/), { target: { value: '서울파트너스(주)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch).toHaveBeenCalledWith(`/operator/agencies/${seoul.id}`, {
      name: 'Seoul Partners',
      bankName: '국민은행',
      bankAccountNumber: '123-456-789012',
      bankAccountHolder: '서울파트너스(주)',
    });
  });

  it('disables an agency with a reason, and enables it again after asking', async () => {
    const put = mockApi.put.mockResolvedValue(
      ok({ agency: { ...seoul, status: 'disabled', disabledAt: '2026-03-03T00:00:00.000Z' } }),
    );
    await renderApp(<AgenciesAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Seoul Partners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Seoul Partners?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Contract ended' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(`/operator/agencies/${seoul.id}/status`, {
      status: 'disabled',
      reason: 'Contract ended',
    });
    expect(await screen.findByText('Seoul Partners is disabled.')).toBeTruthy();
  });

  it('shows a disabled agency and enables it after a confirmation', async () => {
    const disabled = {
      ...seoul,
      status: 'disabled' as const,
      disabledAt: '2026-03-03T00:00:00.000Z',
    };
    mockApi.get.mockImplementation((url: string) => {
      if (url === '/auth/me')
        return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
      if (url === '/operator/agencies') return Promise.resolve(ok({ items: [disabled] }));
      return Promise.reject(new Error(`unexpected GET ${url}`));
    });
    const put = mockApi.put.mockResolvedValue(ok({ agency: seoul }));
    await renderApp(<AgenciesAdmin />);
    const table = await screen.findByRole('table', { name: 'Agencies' });
    expect(within(table).getByText('Disabled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Seoul Partners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Seoul Partners?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(`/operator/agencies/${seoul.id}/status`, { status: 'active' });
    expect(await screen.findByText('Seoul Partners is enabled again.')).toBeTruthy();
  });
});
