import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@portal/contract/users';
import { BuyForm } from '@/features/buy/components/buy-form';
import { RequireAuth } from '@/lib/auth/require-auth';
import { setSessionStatus } from '@/lib/auth/session-status';
import { forgetDrafts } from '@/lib/form-drafts';
import { mockApi } from '@/testing/api';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';
import { answerMoneyApi, transaction } from '@/testing/money';

afterEach(() => {
  vi.restoreAllMocks();
  setSessionStatus('active');
  forgetDrafts();
});

const routes = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/app/transactions', element: <h1>My Transactions page</h1> },
  { path: '/app/transactions/:id', element: <h1>Detail page</h1> },
];

async function buyScreen() {
  const rendered = await renderApp(
    <RequireAuth>
      <BuyForm />
    </RequireAuth>,
    { path: '/app/buy', routes },
  );
  await screen.findByText('1,392.5 KRW per USDT', undefined, { timeout: 5000 });
  const amount = () => screen.getByRole('textbox', { name: /Amount to buy/ }) as HTMLInputElement;
  return { ...rendered, amount };
}

/** As the sign-in dialog leaves it: the user known to every screen. */
async function signedInAs(queryClient: QueryClient, user: CurrentUser) {
  await act(async () => {
    queryClient.setQueryData(['auth', 'me'], user);
    // The query cache tells the screens on the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('Buy, when the user leaves or the session ends mid-way', () => {
  it('a request answered after Back is received all the same: a toast says so, and the user stays where they went', async () => {
    answerMoneyApi();
    let answer: (value: unknown) => void = () => {};
    mockApi.post.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { amount, router } = await buyScreen();
    fireEvent.change(amount(), { target: { value: '1.23456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(mockApi.post).toHaveBeenCalledTimes(1));
    await act(() => router.navigate('/app/transactions'));
    await screen.findByText('My Transactions page');
    await act(async () => answer(ok(transaction(), 201)));
    expect(
      await screen.findByText(
        'Your request B00000012 was received after you left the form. You can follow it in My Transactions.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/transactions');
  });

  it('a session that ended under the form: sign-in says so, and the same user finds the amount again', async () => {
    const get = answerMoneyApi();
    mockApi.post.mockRejectedValue(apiFailure(401, 'UNAUTHENTICATED'));
    const { amount, router, queryClient } = await buyScreen();
    fireEvent.change(amount(), { target: { value: '7.5' } });
    // The server has ended the session: the next call says so, and so does /auth/me.
    const answerMoney = get.getMockImplementation()!;
    get.mockImplementation((url, config) =>
      url === '/auth/me' ? Promise.resolve(ok({ user: null })) : answerMoney(url, config),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await screen.findByText('Home page');
    expect(router.state.location.search).toBe('?auth=sign-in&next=%2Fapp%2Fbuy&session=ended');
    // Nothing of the session is left in the cache.
    expect(queryClient.getQueryData(['accounts'])).toBeUndefined();

    // Signed in again as the same user, back on Buy: the amount is as it was.
    get.mockImplementation(answerMoney);
    await signedInAs(queryClient, testUser);
    await act(() => router.navigate('/app/buy'));
    await waitFor(() => expect(amount().value).toBe('7.5'), { timeout: 5000 });
  });

  it('gives the draft to nobody else', async () => {
    const get = answerMoneyApi();
    mockApi.post.mockRejectedValue(apiFailure(401, 'UNAUTHENTICATED'));
    const { amount, router, queryClient } = await buyScreen();
    fireEvent.change(amount(), { target: { value: '7.5' } });
    const answerMoney = get.getMockImplementation()!;
    get.mockImplementation((url, config) =>
      url === '/auth/me' ? Promise.resolve(ok({ user: null })) : answerMoney(url, config),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await screen.findByText('Home page');

    const someoneElse = { ...testUser, id: '6f1c2b9e-0000-4000-8000-000000000099' };
    get.mockImplementation(answerMoney);
    await signedInAs(queryClient, someoneElse);
    await act(() => router.navigate('/app/buy'));
    await screen.findByText('1,392.5 KRW per USDT', undefined, { timeout: 5000 });
    expect(amount().value).toBe('');
  });
});
