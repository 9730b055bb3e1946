import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRouter } from '@/app/router';
import { i18n, initI18n } from '@/lib/i18n';

const container = document.getElementById('root')!;
// A public page comes drawn at build time and is on screen already (docs/decisions/035); the
// app then draws its first frame only once the page's code and texts are in, so that frame
// replaces the same page in place instead of a loader replacing the page.
const prerendered = container.dataset.prerendered?.split(' ');

async function start() {
  const translations = initI18n();
  const router = createRouter();
  if (prerendered) {
    // Settled, not all fulfilled: a text that fails to load is the app's to report, on screen.
    await Promise.allSettled([
      translations.then(() => i18n.loadNamespaces(prerendered)),
      new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      }),
    ]);
  }
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (!prerendered) return root.render(app);
  // At once, so that the page drawn at build is the app's from the next line on: the mark goes
  // with it, and whoever waits for the app (the browser tests) waits for the mark to go.
  flushSync(() => root.render(app));
  delete container.dataset.prerendered;
}

void start();
