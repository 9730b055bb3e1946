import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';

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
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store; start every test with none.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
});
