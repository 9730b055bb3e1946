import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorMerchant } from '@portal/contract/merchants';
import type { Rate } from '@portal/contract/transactions';
import { RatesAdmin } from '@/features/operator-rates/components/rates-admin';
import { mockApi } from '@/testing/api';
import { approvalOf } from '@/testing/approvals';
import { ok, renderApp, testUser } from '@/testing/app';

const merchant = (code: string, asset: string): OperatorMerchant => ({
  id: `7c9e6679-7425-40de-944b-e07fc1f90a${code.length}${asset.length}`,
  code,
  name: code,
  asset,
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
});

const usdt: Rate = {
  id: 'r2',
  asset: 'USDT',
  buyRateKrw: '1392.5',
  sellRateKrw: '1380',
  setAt: '2026-03-02T01:00:00.000Z',
  setBy: 'Operator Kim',
  previousBuyRateKrw: '1385',
  previousSellRateKrw: '1380',
};
const older: Rate = {
  ...usdt,
  id: 'r1',
  buyRateKrw: '1385',
  setAt: '2026-03-01T01:00:00.000Z',
  previousBuyRateKrw: null,
  previousSellRateKrw: null,
};

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) => {
    if (url === '/auth/me') return Promise.resolve(ok({ user: { ...testUser, role: 'operator' } }));
    if (url === '/operator/merchants') {
      return Promise.resolve(ok({ items: [merchant('HANBIT', 'USDT'), merchant('BTCX', 'BTC')] }));
    }
    if (url === '/operator/rates')
      return Promise.resolve(ok({ current: [usdt], history: [usdt, older] }));
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
});
afterEach(() => vi.restoreAllMocks());

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

describe('rates (operator)', () => {
  it('shows the current rates per asset, an asset without rates, and the history', async () => {
    await renderApp(<RatesAdmin />);
    const current = await screen.findByRole('table', { name: 'Current rates' });
    expect(within(current).getByText('1,392.5 KRW per USDT')).toBeTruthy();
    expect(within(current).getByText('Not set')).toBeTruthy();
    expect(
      within(current).getByText('Users cannot buy or sell BTC until its rates are set.'),
    ).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Rate history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getAllByText('Operator Kim')).toHaveLength(2);
    // From -> to: the newer row names the rate it replaced, the first one nothing.
    expect(within(history).getByText('was 1,385 KRW')).toBeTruthy();
    expect(within(history).getAllByText(/^was /)).toHaveLength(2);
    // Times are Korea's: 01:00 UTC is 10:00 in Seoul.
    expect(within(history).getByText(/Mar 2, 2026, 10:00/)).toBeTruthy();
  });

  it('refuses a rate with more than 2 decimals, then sets the new rates', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...usdt, id: 'r3', buyRateKrw: '1400.25', sellRateKrw: '1385' }, 201),
    );
    await renderApp(<RatesAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the rates of USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set new rates for USDT' });
    expect((field(dialog, /Buy rate/) as HTMLInputElement).value).toBe('1392.5');
    fireEvent.change(field(dialog, /Buy rate/), { target: { value: '1400.255' } });
    fireEvent.change(field(dialog, /Sell rate/), { target: { value: '1385' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    expect(await within(dialog).findByText('Use at most 2 decimal places.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    // Typed as an operator reads it, sent as the API takes it.
    fireEvent.change(field(dialog, /Buy rate/), { target: { value: '1,400.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/operator/rates', {
        asset: 'USDT',
        buyRateKrw: '1400.25',
        sellRateKrw: '1385',
      }),
    );
    expect(
      await screen.findByText('New USDT rates saved: buy 1,400.25, sell 1,385 KRW.'),
    ).toBeTruthy();
  });

  it('says a sell rate above the buy rate on the field while typing, and does not send it', async () => {
    const post = mockApi.post;
    await renderApp(<RatesAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the rates of USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set new rates for USDT' });
    fireEvent.change(field(dialog, /Sell rate/), { target: { value: '1,395' } });
    fireEvent.change(field(dialog, /Buy rate/), { target: { value: '1,380' } });
    expect(
      await within(dialog).findByText('The sell rate may not be above the buy rate.'),
    ).toBeTruthy();
    expect(field(dialog, /Sell rate/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(
        within(dialog).getAllByText('The sell rate may not be above the buy rate.'),
      ).toHaveLength(1),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('asks before a change beyond the deviation, showing old -> new, then sends it confirmed', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok({ ...usdt, id: 'r3', buyRateKrw: '139250', sellRateKrw: '1380' }, 201),
    );
    await renderApp(<RatesAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the rates of USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set new rates for USDT' });
    fireEvent.change(field(dialog, /Buy rate/), { target: { value: '139,250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm the new USDT rates' });
    const table = within(confirm).getByRole('table', { name: 'Old and new rates' });
    expect(within(table).getByText('1,392.5 → 139,250')).toBeTruthy();
    expect(within(table).getByText('+9,900.00%')).toBeTruthy();
    expect(within(table).getByText('1,380 → 1,380')).toBeTruthy();
    expect(within(table).getByText('+0.00%')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    // Going back sends nothing; confirming sends the same rates, confirmed.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Back to the form' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm the new USDT rates' })).toBeNull(),
    );
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm the new USDT rates' });
    fireEvent.click(within(again).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/operator/rates', {
        asset: 'USDT',
        buyRateKrw: '139250',
        sellRateKrw: '1380',
        confirmDeviation: true,
      }),
    );
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('says a confirmed big change was sent for approval, never that it was set (202)', async () => {
    const post = mockApi.post.mockResolvedValue(
      ok(
        {
          approval: approvalOf({
            kind: 'rate_change',
            asset: 'USDT',
            from: { buyRateKrw: '1392.5', sellRateKrw: '1380' },
            to: { buyRateKrw: '139250', sellRateKrw: '1380' },
          }),
        },
        202,
      ),
    );
    await renderApp(<RatesAdmin />, { language: 'ko' });
    fireEvent.click(await screen.findByRole('button', { name: 'USDT 환율 변경' }));
    const dialog = await screen.findByRole('dialog', { name: 'USDT 새 환율 설정' });
    fireEvent.change(field(dialog, /구매 환율/), { target: { value: '139,250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '환율 저장' }));
    const confirm = await screen.findByRole('dialog', { name: 'USDT 새 환율 확인' });
    fireEvent.click(within(confirm).getByRole('button', { name: '승인 요청' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('승인 요청을 보냈습니다. 다른 운영자가 승인한 뒤에 실행됩니다.'),
    ).toBeTruthy();
    expect(screen.queryByText(/새 환율을 저장했습니다/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
