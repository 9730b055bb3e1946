import { lazy } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/api';
import { forgetSession } from '@/lib/auth/forget-session';
import { sessionStatus, setSessionStatus } from '@/lib/auth/session-status';
import { useSignOutFlow } from '@/lib/auth/use-sign-out-flow';
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

describe('Logout while Home is still loading', () => {
  // Home is drawn in a transition: React keeps the old /app screen until Home's code and words
  // have loaded, though the router is at Home and the sign-out is over. The guard must neither
  // show the user's screen nor send them to sign in meanwhile; and since it may never be
  // unmounted (a Back to /app in that time keeps it), it must not wait for that to let go
  // (the browser test "Logout forgets" presses Back at that moment).
  it('holds on a loader, with the sign-out already over, until Home is drawn', async () => {
    const get = mockApi.get.mockResolvedValue(ok({ user: testUser }));
    mockApi.post.mockResolvedValue(ok(null, 204));
    let drawHome: () => void = () => {};
    const homeLoaded = new Promise<void>((resolve) => (drawHome = resolve));
    const SlowHome = lazy(() => homeLoaded.then(() => ({ default: () => <p>home</p> })));
    function Dashboard() {
      const { signOut } = useSignOutFlow();
      return (
        <button type="button" onClick={() => void signOut()}>
          Logout
        </button>
      );
    }
    const { router } = await renderApp(
      <RequireAuth>
        <Dashboard />
      </RequireAuth>,
      { path: '/app', routes: [{ path: '/', element: <SlowHome /> }] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    get.mockResolvedValue(ok({ user: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(sessionStatus()).toBe('active'));
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(router.state.location.search).toBe('');

    await act(async () => {
      drawHome();
      await homeLoaded;
    });
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
