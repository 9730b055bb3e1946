import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyForm } from '@/features/buy/components/buy-form';
import { apiRequests, mockApi, networkFailure } from '@/testing/api';
import { apiFailure, ok, renderApp } from '@/testing/app';
import { answerMoneyApi, mainAccount, quote, transaction } from '@/testing/money';

afterEach(() => vi.restoreAllMocks());

const detailRoute = [{ path: '/app/transactions/:id', element: <h1>Detail page</h1> }];

async function ready(language: 'en' | 'ko' = 'en') {
  const rendered = await renderApp(<BuyForm />, { language, routes: detailRoute });
  const rate = language === 'en' ? '1,392.5 KRW per USDT' : '1 USDT당 1,392.5원';
  // The first render loads the merchants, accounts and then the quote: allow it time under load.
  expect(await screen.findByText(rate, undefined, { timeout: 5000 })).toBeTruthy();
  const amount = screen.getByRole('textbox', {
    name: language === 'en' ? /Amount to buy/ : /구매 수량/,
  });
  return { ...rendered, amount };
}

/** The index-th POST as it was sent: path, JSON body and its Idempotency-Key header. */
function postCall(post: typeof mockApi.post, index: number) {
  const [url, body] = post.mock.calls[index]!;
  const sent = apiRequests.filter((request) => request.method === 'POST')[index];
  return { url, body, key: sent?.headers.get('Idempotency-Key') };
}

describe('Buy', () => {
  it('preselects the default account and computes the total exactly, rounding up', async () => {
    answerMoneyApi();
    const { amount } = await ready();
    const account = screen.getByRole('combobox', { name: /Select account/ });
    expect((account as HTMLInputElement).value).toMatch(/^Hanbit main/);
    fireEvent.change(amount, { target: { value: '1.23456789' } });
    // 1.23456789 x 1392.5 = 1719.135... -> 1,720 won (a buyer's total rounds up).
    expect(await screen.findByText('1,720 KRW')).toBeTruthy();
  });

  it('shows the total in won in Korean', async () => {
    answerMoneyApi();
    const { amount } = await ready('ko');
    fireEvent.change(amount, { target: { value: '1.23456789' } });
    expect(await screen.findByText('1,720원')).toBeTruthy();
    expect(screen.getByText('입금자명이 등록된 회원 이름과 같아야 합니다.')).toBeTruthy();
  });

  it('states the three conditions and the bank account to pay into', async () => {
    answerMoneyApi();
    await ready();
    expect(screen.getByText("The depositor's name must match your registered name.")).toBeTruthy();
    expect(
      screen.getByText('The deposit amount must match the requested amount exactly.'),
    ).toBeTruthy();
    expect(screen.getByText('The buy request must be made here before you deposit.')).toBeTruthy();
    expect(await screen.findByText('123-456-789012')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
  });

  it('says so when the agency has no bank account yet', async () => {
    answerMoneyApi({ deposit: { agencyName: 'Seoul Partners', takingBuys: true, account: null } });
    await ready();
    expect(await screen.findByText(/Seoul Partners has not set up its bank account/)).toBeTruthy();
  });

  it('says so, and shows no account to pay into, while the agency is disabled', async () => {
    answerMoneyApi({ deposit: { agencyName: 'Seoul Partners', takingBuys: false, account: null } });
    await ready();
    expect(
      await screen.findByText(
        'Your partner agency is not taking new buy requests at the moment. Please contact support.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/has not set up its bank account/)).toBeNull();
  });

  it('refuses an invalid amount before sending', async () => {
    answerMoneyApi();
    const post = mockApi.post;
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: '1.123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText('Use at most 8 decimal places.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('takes "1,000" as Koreans type it and sends 1000', async () => {
    answerMoneyApi();
    const post = mockApi.post.mockResolvedValueOnce(ok(transaction(), 201));
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: ' 1,000 ' } });
    fireEvent.blur(amount);
    // 1000 x 1392.5
    expect(await screen.findByText('1,392,500 KRW')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(postCall(post, 0).body).toMatchObject({ amount: '1000' });
  });

  it.each([
    ['', 'This field is required.'],
    ['1만', 'Enter digits only, for example 1,000 or 150.5.'],
    ['abc', 'Enter digits only, for example 1,000 or 150.5.'],
    ['-5', 'The amount must be more than zero.'],
    ['0', 'The amount must be more than zero.'],
    ['1,00', 'Put commas only between groups of three digits, as in 1,000 or 1,000,000.'],
    ['007', 'Leave out the zeros in front: write 7, not 007 (or 0.07 for a fraction).'],
    ['10.', 'Put a digit on each side of the decimal point, as in 10.5 or 0.5.'],
    ['1.123456789', 'Use at most 8 decimal places.'],
  ])(
    'says what is wrong with %j once the field is left, and sends nothing',
    async (typed, text) => {
      answerMoneyApi();
      const post = mockApi.post;
      const { amount } = await ready();
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.blur(amount);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByText(/^[\d,]+ KRW$/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Request' }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
    },
  );

  it.each([
    [
      'en',
      '60000',
      'This is above the maximum. Per request: at least 1 USDT, at most 50,000 USDT.',
    ],
    ['en', '0.5', 'This is below the minimum. Per request: at least 1 USDT, at most 50,000 USDT.'],
    [
      'ko',
      '60,000',
      '최대 수량보다 많습니다. 1회 최소 1 USDT, 최대 50,000 USDT까지 신청할 수 있습니다.',
    ],
    [
      'ko',
      '0.5',
      '최소 수량보다 적습니다. 1회 최소 1 USDT, 최대 50,000 USDT까지 신청할 수 있습니다.',
    ],
  ] as const)(
    'warns (%s) while %s is typed, before Request, and shows no total for it',
    async (language, typed, text) => {
      answerMoneyApi();
      const post = mockApi.post;
      const { amount } = await ready(language);
      // No blur, no Request: the limits are said as the amount is typed.
      fireEvent.change(amount, { target: { value: typed } });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByText(language === 'en' ? /^[\d,]+ KRW$/ : /^[\d,]+원$/)).toBeNull();
      // Back within the limits: the warning goes and the total is shown.
      fireEvent.change(amount, { target: { value: '2' } });
      expect(await screen.findByText(language === 'en' ? '2,785 KRW' : '2,785원')).toBeTruthy();
      expect(screen.queryByText(text)).toBeNull();
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('sends an Idempotency-Key, reuses it on a retry after a network error, then opens the detail', async () => {
    answerMoneyApi();
    const created = transaction();
    const post = mockApi.post
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce(ok(created, 201));
    const { amount, router } = await ready();
    fireEvent.change(amount, { target: { value: '1.23456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(/We could not reach the server/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const first = postCall(post, 0);
    const second = postCall(post, 1);
    expect(first.url).toBe('/transactions/buy');
    expect(first.body).toEqual({
      accountId: mainAccount.id,
      amount: '1.23456789',
      quoteToken: 'token-buy-1392.5',
    });
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).toBe(first.key);
    expect(second.body).toEqual(first.body);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/app/transactions/${created.id}`),
    );
    expect(await screen.findByText('Your request B00000012 has been received.')).toBeTruthy();
  });

  it('draws a new key when the amount changes and after a refusal', async () => {
    answerMoneyApi();
    const post = mockApi.post
      .mockRejectedValueOnce(networkFailure())
      .mockRejectedValueOnce(apiFailure(422, 'AMOUNT_OUT_OF_LIMITS'))
      .mockRejectedValueOnce(apiFailure(422, 'AMOUNT_OUT_OF_LIMITS'));
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await screen.findByText(/We could not reach the server/);
    fireEvent.change(amount, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(
      await screen.findByText('The amount is outside what this merchant accepts per request.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    const keys = [0, 1, 2].map((index) => postCall(post, index).key);
    expect(new Set(keys).size).toBe(3);
  });

  it('renews an expired quote and says the rate changed', async () => {
    let rate = '1392.5';
    const get = answerMoneyApi({ quotes: { buy: () => Promise.resolve(quote('buy', rate)) } });
    const post = mockApi.post.mockRejectedValueOnce(apiFailure(409, 'QUOTE_EXPIRED'));
    const { amount } = await ready();
    fireEvent.change(amount, { target: { value: '1.23456789' } });
    rate = '1400';
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toMatch(/The rate has changed: it is now 1,400 KRW per USDT/);
    expect(await screen.findByText('1,729 KRW')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(get.mock.calls.filter(([url]) => url === '/quotes').length).toBeGreaterThanOrEqual(2);
  });

  it('says when no rate is set', async () => {
    answerMoneyApi({ quotes: { buy: () => Promise.reject(apiFailure(409, 'RATE_NOT_SET')) } });
    await renderApp(<BuyForm />);
    const form = await screen.findByRole('form', { name: 'Request a buy' });
    expect(
      await within(form).findByText(
        'No rate has been set for this asset yet. Please try again later.',
      ),
    ).toBeTruthy();
    expect(
      (within(form).getByRole('button', { name: 'Request' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
