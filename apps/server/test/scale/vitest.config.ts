import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// `npm run test:scale`: the read replica against a real streaming replica of the local
// PostgreSQL on 5433, which tools/replica/start.sh makes (docs/decisions/031). Not part of
// `npm test`, which needs no server of its own.
export default defineConfig({
  resolve: {
    alias: { '@server': here('../../src'), '@test': here('..') },
  },
  test: {
    name: 'scale',
    root: here('.'),
    include: ['**/*.scale.ts'],
    // One file at a time: pausing the replica's replay pauses it for every database on it.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
