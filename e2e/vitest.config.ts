import { defineConfig } from 'vitest/config';

// Browser tests: one built portal started once for the whole run, Chromium per test file.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: one browser at a time keeps timings steady and the machine responsive.
    fileParallelism: false,
  },
});
