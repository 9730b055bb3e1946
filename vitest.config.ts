import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
        resolve: { alias: { '@': here('./apps/web/src') } },
        test: {
          name: 'web',
          root: here('./apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [here('./apps/web/src/testing/setup.ts')],
          // Rendering whole screens in jsdom is slow on a loaded machine; 5 s was flaky in CI.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
