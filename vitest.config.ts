import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const web = {
  resolve: { alias: { '@': here('./apps/web/src') } },
  test: {
    root: here('./apps/web'),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: [here('./apps/web/src/testing/setup.ts')],
    // Rendering whole screens in jsdom is slow on a loaded machine; 5 s was flaky in CI.
    testTimeout: 20_000,
  },
};
const screensTest = 'src/app/routes/__tests__/screens.test.tsx';

// One runner for the whole repository: `npm test` runs every unit and API test.
// The browser tests live in e2e/ and run separately (`npm run test:e2e`), because they need a build.
export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves a core free, which on a 2-core machine runs
    // the files one at a time: 5 min 22 s against 4 min 9 s with both cores.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: here('./packages/contract'),
          include: ['src/**/*.test.ts'],
        },
      },
      {
        resolve: {
          alias: { '@server': here('./apps/server/src'), '@test': here('./apps/server/test') },
        },
        test: {
          name: 'server',
          root: here('./apps/server'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...web,
        test: {
          ...web.test,
          name: 'web',
          exclude: [...configDefaults.exclude, screensTest],
          // One jsdom and one module graph per worker, not per file: the web's files spent most
          // of their time importing Mantine and React again. What modules keep between tests is
          // reset in testing/setup.ts.
          isolate: false,
        },
      },
      // The sweep over every screen replaces the user context with vi.mock, which would leak into
      // the files sharing its worker: it runs in a module graph of its own.
      { ...web, test: { ...web.test, name: 'web-screens', include: [screensTest] } },
    ],
  },
});
