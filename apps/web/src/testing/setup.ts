import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { isAxiosError } from 'axios';
import { CURRENT_USER_URL } from '@/lib/user/get-current-user';

// Screens render Mantine in jsdom, which on a busy two-core machine (CI runs several suites at
// once) can take seconds; findBy/waitFor wait up to 5 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom has no layout: Mantine's Select scrolls the chosen option into view, and forms scroll
// themselves into view when something fills them.
Element.prototype.scrollIntoView ??= () => {};
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * The app asks who is signed in with fetch (`getCurrentUser`), every other call goes through the
 * shared axios client, and the tests mock the API in one place: `api.get` / `api.post`... Route
 * that one fetch through `api.get('/auth/me')`, so a test's mock of the client answers it too.
 * (A test may still stub fetch itself; getCurrentUser's own test does.)
 */
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url !== CURRENT_USER_URL) return realFetch(input, init);
  const { api } = await import('@/lib/api-client');
  const json = (data: unknown, status: number) =>
    new Response(JSON.stringify(data), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  try {
    const response = await api.get('/auth/me', { signal: init?.signal ?? undefined });
    return json(response.data, response.status ?? 200);
  } catch (error) {
    if (isAxiosError(error) && error.response)
      return json(error.response.data, error.response.status);
    throw error;
  }
};

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store; start every test with none.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
});
