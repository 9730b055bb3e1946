import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorMerchant } from '@portal/contract/merchants';
import { MerchantsAdmin } from '@/features/merchants-admin/components/merchants-admin';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const hanbit: OperatorMerchant = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  code: 'HANBIT',
  name: 'Hanbit Wallet',
  asset: 'USDT',
  minPerRequest: '10',
  maxPerRequest: '50000',
  sandbox: true,
  status: 'active',
  connection: 'sandbox',
  baseUrl: null,
  keyId: null,
  hasSecret: false,
  createdAt: '2026-03-02T01:02:03.000Z',
  updatedAt: '2026-03-02T01:02:03.000Z',
};
const remote: OperatorMerchant = {
  ...hanbit,
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
  code: 'REMOTE',
  name: 'Remote Pay',
  sandbox: false,
  status: 'disabled',
  connection: 'http',
  baseUrl: 'https://api.remote.example',
  keyId: 'key-1',
  hasSecret: true,
};

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/merchants') return Promise.resolve(ok({ items: [hanbit, remote] }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

describe('merchants (operator)', () => {
  it('lists merchants with code, limits, connection and status', async () => {
    await renderApp(<MerchantsAdmin />);
    const table = await screen.findByRole('table', { name: 'Merchants' });
    expect(within(table).getByText('HANBIT')).toBeTruthy();
    expect(within(table).getAllByText('10 – 50,000 USDT')).toHaveLength(2);
    expect(within(table).getByText('HTTP API · https://api.remote.example')).toBeTruthy();
    expect(within(table).getByText('Disabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Remote Pay' })).toBeTruthy();
  });

  it('refuses a maximum below the minimum before sending', async () => {
    const post = mockApi.post;
    await renderApp(<MerchantsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a merchant' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Daehan Pay' } });
    fireEvent.change(field(dialog, /^Code/), { target: { value: 'DAEHAN' } });
    fireEvent.change(field(dialog, /Minimum per request/), { target: { value: '100' } });
    fireEvent.change(field(dialog, /Maximum per request/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));
    expect(
      await within(dialog).findByText('The maximum must not be below the minimum.'),
    ).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('creates a sandbox merchant', async () => {
    const post = mockApi.post.mockResolvedValue(ok(hanbit, 201));
    await renderApp(<MerchantsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a merchant' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Daehan Pay' } });
    fireEvent.change(field(dialog, /^Code/), { target: { value: 'daehan' } });
    fireEvent.change(field(dialog, /Minimum per request/), { target: { value: '5' } });
    // Typed as people write it, sent as the API takes it.
    fireEvent.change(field(dialog, /Maximum per request/), { target: { value: ' 1,000.50 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/operator/merchants', {
        name: 'Daehan Pay',
        code: 'DAEHAN',
        asset: 'USDT',
        minPerRequest: '5',
        maxPerRequest: '1000.5',
        connection: 'sandbox',
      }),
    );
    expect(await screen.findByText('Merchant added: Daehan Pay.')).toBeTruthy();
  });

  it('says so on the code when another merchant has it', async () => {
    mockApi.post.mockRejectedValue(apiFailure(409, 'CONFLICT', { fields: { code: 'invalid' } }));
    await renderApp(<MerchantsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a merchant' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Hanbit 2' } });
    fireEvent.change(field(dialog, /^Code/), { target: { value: 'HANBIT' } });
    fireEvent.change(field(dialog, /Minimum per request/), { target: { value: '1' } });
    fireEvent.change(field(dialog, /Maximum per request/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add merchant' }));
    expect(await within(dialog).findByText('Another merchant already has this code.')).toBeTruthy();
  });

  it('edits an http merchant, keeping the secret when left empty', async () => {
    const patch = mockApi.patch.mockResolvedValue(ok(remote));
    await renderApp(<MerchantsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Remote Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Remote Pay' });
    expect((within(dialog).getByLabelText(/Signing secret/) as HTMLInputElement).value).toBe('');
    fireEvent.change(field(dialog, /Key id/), { target: { value: 'key-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    const [url, body] = patch.mock.calls[0]!;
    expect(url).toBe(`/operator/merchants/${remote.id}`);
    expect(body).toMatchObject({ keyId: 'key-2', baseUrl: 'https://api.remote.example' });
    expect((body as Record<string, unknown>).secret).toBeUndefined();
  });

  it('disables a merchant after asking, and enables one', async () => {
    const patch = mockApi.patch.mockResolvedValue(ok(hanbit));
    await renderApp(<MerchantsAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Hanbit Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Hanbit Wallet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`/operator/merchants/${hanbit.id}`, {
        status: 'disabled',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable Remote Pay' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`/operator/merchants/${remote.id}`, { status: 'active' }),
    );
  });
});
