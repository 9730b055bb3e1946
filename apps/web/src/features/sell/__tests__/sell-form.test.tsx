import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SellForm } from '@/features/sell/components/sell-form';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';
import { answerMoneyApi, mainAccount, transaction } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const detailRoute = [{ path: '/app/transactions/:id', element: <h1>Detail page</h1> }];

async function ready(language: 'en' | 'ko' = 'en') {
  const rendered = await renderApp(<SellForm />, { language, routes: detailRoute });
  // The first render loads the merchants, accounts, position and quote: allow it time under load.
  expect(await screen.findByText('1,250.5 USDT', undefined, { timeout: 5000 })).toBeTruthy();
  await screen.findByText(
    language === 'en' ? '1,380 KRW per USDT' : '1 USDT당 1,380원',
    undefined,
    {
      timeout: 5000,
    },
  );
  const amount = screen.getByRole('textbox', {
    name: language === 'en' ? /Amount to sell/ : /판매 수량/,
  });
  return { ...rendered, amount };
}

describe('Sell', () => {
  it('shows balance, open position, and the amount received rounded down', async () => {
    answerMoneyApi();
    const { amount } = await ready();
    expect(screen.getByText('200 USDT')).toBeTruthy();
    expect(screen.getByText('1,050.5 USDT')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.23456789' } });
    // 1.23456789 x 1380 = 1703.70... -> 1,703 won (a seller's total rounds down).
    expect(await screen.findByText('1,703 KRW')).toBeTruthy();
    expect(screen.getByText('1.23456789 USDT')).toBeTruthy();
  });

  it('refuses more than the available balance before sending', async () => {
    answerMoneyApi();
    const post = mockApi.post;
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: '1050.50000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(
      await screen.findByText('This is more than you can sell now. Available: 1,050.5 USDT.'),
    ).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'Request', 'The amount is more than the available balance of this account.'],
    ['ko', '신청', '요청 금액이 이 계정의 사용 가능 잔액보다 많습니다.'],
  ] as const)(
    'shows INSUFFICIENT_BALANCE from the server (%s)',
    async (language, request, text) => {
      const get = answerMoneyApi();
      mockApi.post.mockRejectedValue(apiFailure(409, 'INSUFFICIENT_BALANCE'));
      const { amount } = await ready(language);
      fireEvent.change(amount, { target: { value: '1000' } });
      fireEvent.click(screen.getByRole('button', { name: request }));
      expect(await screen.findByText(text)).toBeTruthy();
      // The balance is read again: it has changed since the screen showed it.
      await waitFor(() =>
        expect(
          get.mock.calls.filter(([url]) => url === `/accounts/${mainAccount.id}/position`).length,
        ).toBeGreaterThanOrEqual(2),
      );
    },
  );

  it('requests, toasts and opens the detail', async () => {
    answerMoneyApi();
    const created = transaction({
      id: '9d0f3c1a-1111-4111-8111-000000000002',
      number: 'S00000007',
      type: 'sell',
      depositInstructions: null,
    });
    const post = mockApi.post.mockResolvedValue(ok(created, 201));
    const { amount, router } = await ready();
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/app/transactions/${created.id}`),
    );
    expect(post.mock.calls[0]?.[0]).toBe('/transactions/sell');
    expect(await screen.findByText('Sell request made')).toBeTruthy();
  });

  it('takes "1,000.5" as Koreans type it and sends 1000.5', async () => {
    answerMoneyApi();
    const post = mockApi.post.mockResolvedValue(ok(transaction({ type: 'sell' }), 201));
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: '1,000.5' } });
    // 1000.5 x 1380 = 1,380,690 won received.
    expect(await screen.findByText('1,380,690 KRW')).toBeTruthy();
    expect(screen.getByText('1,000.5 USDT')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toMatchObject({ amount: '1000.5' });
  });

  it.each([
    ['1,00', 'Put commas only between groups of three digits, as in 1,000 or 1,000,000.'],
    ['10.', 'Put a digit on each side of the decimal point, as in 10.5 or 0.5.'],
    ['1만', 'Enter digits only, for example 1,000 or 150.5.'],
  ])('says what is wrong with %j once the field is left', async (typed, text) => {
    answerMoneyApi();
    const post = mockApi.post;
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: typed } });
    fireEvent.blur(amount);
    expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    [
      'en',
      '60,000',
      'This is above the maximum. Per request: at least 1 USDT, at most 50,000 USDT.',
    ],
    [
      'ko',
      '60,000',
      '최대 수량보다 많습니다. 1회 최소 1 USDT, 최대 50,000 USDT까지 신청할 수 있습니다.',
    ],
    ['en', '1,100', 'This is more than you can sell now. Available: 1,050.5 USDT.'],
    ['ko', '1,100', '지금 판매할 수 있는 수량보다 많습니다. 판매 가능: 1,050.5 USDT'],
  ] as const)('warns (%s) while %s is typed, before Request', async (language, typed, text) => {
    answerMoneyApi();
    const post = mockApi.post;
    const { amount } = await ready(language);
    fireEvent.change(amount, { target: { value: typed } });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    // No won received is shown for an amount that cannot be sold.
    expect(screen.queryByText(language === 'en' ? /^[\d,]+ KRW$/ : /^[\d,]+원$/)).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
