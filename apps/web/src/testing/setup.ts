import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';

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
