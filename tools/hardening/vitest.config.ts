import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// `npm run hardening`: crash, two-instance and backup tests against real processes and a
// PostgreSQL cluster of their own. Not part of `npm test` (which must stay quick and need no
// server): these take minutes and need a build and PostgreSQL 15's programs.
export default defineConfig({
  resolve: {
    alias: { '@server': here('../../apps/server/src') },
  },
  test: {
    name: 'hardening',
    root: here('.'),
    include: ['**/*.hardening.ts'],
    globalSetup: ['./global-setup.ts'],
    // One file at a time: each starts servers and stops PostgreSQL, and the figures mean more
    // without another test's load on the same machine.
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
