import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUser } from '@/lib/user/user-context';
import { RequireAuth } from '@/lib/auth/require-auth';
import { forgetSession } from '@/lib/auth/forget-session';
import { announceSession, onSessionMessage } from '@/lib/auth/session-channel';
import { checkSession } from '@/lib/auth/use-session-expiry';
import { useSessionSync } from '@/lib/auth/use-session-sync';
import { sessionStatus, setSessionStatus } from '@/lib/auth/session-status';
import { forgetDrafts, readDraft, useFormDraft } from '@/lib/form-drafts';
import { mockApi } from '@/testing/api';
import { ok, renderApp, testUser } from '@/testing/app';

const CHANNEL = 'wonbridge-session';

/** What a screen shows of the signed-in user, and whether a draft came back. */
function Screen({ draftName = 'buy' }: { draftName?: string }) {
  const { user, isSignedIn } = useUser();
  useSessionSync();
  const draft = useFormDraft(draftName, user.id, () => ({ amount: '12.5', note: '' }));
  return (
    <>
      <p>{isSignedIn ? `signed in as ${user.name}` : 'nobody'}</p>
      <p>{draft ? `draft ${draft.amount}` : 'no draft'}</p>
    </>
  );
}
const home = [{ path: '/', element: <p>home page</p> }];

beforeEach(() => {
  mockApi.get.mockImplementation((url: string) =>
    url === '/auth/me' ? Promise.resolve(ok({ user: testUser })) : Promise.reject(new Error(url)),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  setSessionStatus('active');
  forgetDrafts();
});

describe('forgetting a session in this tab', () => {
  it('shows nobody at once to every screen reading the user, and drops what was loaded', async () => {
    const { queryClient } = await renderApp(<Screen />);
    await screen.findByText(`signed in as ${testUser.name}`);
    queryClient.setQueryData(['transactions', 'recent'], { items: ['B00000001'] });
    await act(() => forgetSession(queryClient));
    // queryClient.clear() left the user on screen until a reload: the observer kept the old query.
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(queryClient.getQueryData(['transactions', 'recent'])).toBeUndefined();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
  });
});

describe('another tab of the browser', () => {
  it('signs out: this tab leaves /app for Home, forgets the user and says why', async () => {
    const { router, queryClient } = await renderApp(
      <RequireAuth>
        <Screen />
      </RequireAuth>,
      {
        path: '/app/buy',
        routes: home,
      },
    );
    await screen.findByText(`signed in as ${testUser.name}`);
    const otherTab = new BroadcastChannel(CHANNEL);
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();
    await screen.findByText('home page');
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
    expect(
      await screen.findByText('You signed out in another window, so this one is signed out too.'),
    ).toBeTruthy();
    // The guard, left behind with /app, let go of the sign-out.
    expect(sessionStatus()).toBe('active');
  });

  it('signs in as someone else: this tab forgets the last user and shows the new one', async () => {
    const { router, queryClient } = await renderApp(<Screen />, {
      path: '/app/transactions',
      routes: [{ path: '/app', element: <Screen /> }],
    });
    await screen.findByText(`signed in as ${testUser.name}`);
    queryClient.setQueryData(['transactions', 'recent'], { items: ['B00000001'] });
    const other = { ...testUser, id: '6f1c2b9e-0000-4000-8000-000000000099', name: '이서윤' };
    mockApi.get.mockImplementation(() => Promise.resolve(ok({ user: other })));
    const otherTab = new BroadcastChannel(CHANNEL);
    otherTab.postMessage({ type: 'signed-in', userId: other.id });
    otherTab.close();
    await screen.findByText('signed in as 이서윤');
    expect(router.state.location.pathname).toBe('/app');
    expect(queryClient.getQueryData(['transactions', 'recent'])).toBeUndefined();
  });

  it('signs in as the same user: nothing changes here', async () => {
    const { router } = await renderApp(<Screen />, { path: '/app/buy' });
    await screen.findByText(`signed in as ${testUser.name}`);
    const otherTab = new BroadcastChannel(CHANNEL);
    otherTab.postMessage({ type: 'signed-in', userId: testUser.id });
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/app/buy');
    expect(screen.getByText(`signed in as ${testUser.name}`)).toBeTruthy();
  });

  it('hears messages through localStorage where the browser has no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    vi.resetModules();
    return import('@/lib/auth/session-channel').then(({ announceSession, onSessionMessage }) => {
      const heard = vi.fn();
      const stop = onSessionMessage(heard);
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      announceSession({ type: 'signed-out' });
      const [key, value] = setItem.mock.calls[0]!;
      // Another tab's write arrives as a storage event.
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: '{"type":"nonsense"}' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: value }));
      expect(heard.mock.calls).toEqual([[expect.objectContaining({ type: 'signed-out' })]]);
      stop();
      vi.unstubAllGlobals();
    });
  });

  it('never hears its own messages', async () => {
    const heard = vi.fn();
    const stop = onSessionMessage(heard);
    announceSession({ type: 'signed-out' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).not.toHaveBeenCalled();
    stop();
  });
});

describe('a session that ends under this tab', () => {
  it('keeps the open form’s draft for this user, forgets the rest, and gives the draft back once', async () => {
    const { queryClient, unmount } = await renderApp(<Screen />, { path: '/app/buy' });
    await screen.findByText(`signed in as ${testUser.name}`);
    mockApi.get.mockImplementation(() => Promise.resolve(ok({ user: null })));
    await act(() => checkSession(queryClient));
    expect(sessionStatus()).toBe('ended');
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(readDraft('buy', testUser.id)).toEqual({ amount: '12.5', note: '' });
    // Nobody else gets it.
    expect(readDraft('buy', '6f1c2b9e-0000-4000-8000-000000000099')).toBeNull();
    unmount();

    // Signed in again, the same user opens the form: the draft is back, once.
    mockApi.get.mockImplementation(() => Promise.resolve(ok({ user: testUser })));
    const again = await renderApp(<Screen />, { path: '/app/buy' });
    await screen.findByText('draft 12.5');
    again.unmount();
    await renderApp(<Screen />, { path: '/app/buy' });
    await screen.findByText(`signed in as ${testUser.name}`);
    expect(screen.getByText('no draft')).toBeTruthy();
  });

  it('does nothing when the server still knows the user (a stray 401)', async () => {
    const { queryClient } = await renderApp(<Screen />, { path: '/app/buy' });
    await screen.findByText(`signed in as ${testUser.name}`);
    await act(() => checkSession(queryClient));
    expect(sessionStatus()).toBe('active');
    expect(screen.getByText(`signed in as ${testUser.name}`)).toBeTruthy();
    expect(readDraft('buy', testUser.id)).toBeNull();
  });

  it('keeps no draft older than half an hour', () => {
    sessionStorage.setItem(
      'wonbridge.draft.buy',
      JSON.stringify({
        userId: testUser.id,
        savedAt: Date.now() - 31 * 60_000,
        values: { a: '1' },
      }),
    );
    expect(readDraft('buy', testUser.id)).toBeNull();
    sessionStorage.setItem('wonbridge.draft.buy', 'not json');
    expect(readDraft('buy', testUser.id)).toBeNull();
  });
});

it('a sign-out forgets every draft', async () => {
  await renderApp(<Screen />, { path: '/app/buy' });
  await screen.findByText(`signed in as ${testUser.name}`);
  sessionStorage.setItem(
    'wonbridge.draft.sell',
    JSON.stringify({ userId: testUser.id, savedAt: Date.now(), values: { amount: '3' } }),
  );
  const otherTab = new BroadcastChannel(CHANNEL);
  otherTab.postMessage({ type: 'signed-out' });
  otherTab.close();
  await waitFor(() => expect(readDraft('sell', testUser.id)).toBeNull());
});
