import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/api';
import { forgetSession } from '@/lib/auth/forget-session';
import { setSessionStatus } from '@/lib/auth/session-status';
import { apiFailure, ok, renderApp, testUser } from '@/testing/app';

const guarded = <RequireAuth>secret screen</RequireAuth>;
// Home, where the sign-in dialog opens, is not guarded.
const routes = [{ path: '/', element: <p>home</p> }];

afterEach(() => vi.restoreAllMocks());

describe('the /app guard', () => {
  it('shows a loader while it does not know who is signed in', async () => {
    mockApi.get.mockReturnValue(new Promise(() => {}));
    const { container } = await renderApp(guarded, { path: '/app/profile', routes });
    expect(container.ownerDocument.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('secret screen')).toBeNull();
  });

  it('sends a signed-out visitor to sign in, with next= the path and query', async () => {
    mockApi.get.mockResolvedValue(ok({ user: null }));
    const { router } = await renderApp(guarded, {
      path: '/app/transactions?status=Pending',
      routes,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(
      '?auth=sign-in&next=%2Fapp%2Ftransactions%3Fstatus%3DPending',
    );
    expect(screen.queryByText('secret screen')).toBeNull();
  });

  it('lets a signed-in user through', async () => {
    mockApi.get.mockResolvedValue(ok({ user: testUser }));
    await renderApp(guarded, { path: '/app/profile', routes });
    expect(await screen.findByText('secret screen')).toBeTruthy();
  });

  it('notices an expired session from any call and sends the user to sign in', async () => {
    const get = mockApi.get.mockResolvedValue(ok({ user: testUser }));
    const { router, queryClient } = await renderApp(guarded, { path: '/app/profile', routes });
    await screen.findByText('secret screen');
    get.mockResolvedValue(ok({ user: null }));
    await queryClient
      .fetchQuery({
        queryKey: ['kyc', 'documents'],
        queryFn: () => Promise.reject(apiFailure(401, 'UNAUTHENTICATED')),
        retry: false,
      })
      .catch(() => {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The dialog is told why: the session ended under this tab.
    expect(router.state.location.search).toBe('?auth=sign-in&next=%2Fapp%2Fprofile&session=ended');
    setSessionStatus('active');
  });

  it('does not open the sign-in dialog for a user who is signing out', async () => {
    const get = mockApi.get.mockResolvedValue(ok({ user: testUser }));
    const { router, queryClient } = await renderApp(guarded, { path: '/app/profile', routes });
    await screen.findByText('secret screen');
    // The server has ended the session; a call the open screen makes answers 401 before the
    // sign-out flow has reached Home.
    setSessionStatus('signing-out');
    try {
      get.mockResolvedValue(ok({ user: null }));
      await queryClient
        .fetchQuery({
          queryKey: ['kyc', 'documents'],
          queryFn: () => Promise.reject(apiFailure(401, 'UNAUTHENTICATED')),
          retry: false,
        })
        .catch(() => {});
      // The flow forgets the session before it leaves for Home: the guard holds meanwhile.
      await forgetSession(queryClient);
      await waitFor(() => expect(screen.queryByText('secret screen')).toBeNull());
      expect(router.state.location.pathname).toBe('/app/profile');
      expect(router.state.location.search).toBe('');
    } finally {
      setSessionStatus('active');
    }
  });
});
