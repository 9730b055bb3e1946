import { afterAll, afterEach, beforeAll } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { apiServer, resetApiMocks } from '@/testing/api';
import { setSessionStatus } from '@/lib/auth/session-status';
import { forgetDrafts } from '@/lib/form-drafts';
import { forgetStepUp } from '@/lib/auth/step-up';

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

// The API answers at the network (`@/testing/api`); a request nobody mocked fails loudly.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  resetApiMocks();
  // Mantine keeps toasts in a module-level store; start every test with none.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  // The web's test files share their modules (vitest.config.ts: `isolate: false`), so what a
  // module keeps between calls starts every test afresh: the tab's session status, the forms'
  // drafts, the step-up's last proof, and the translations react-i18next falls back on outside a
  // provider (an instance created by an earlier test registers itself there).
  setSessionStatus('active');
  forgetDrafts();
  forgetStepUp();
  setI18n(undefined as unknown as I18n);
});
