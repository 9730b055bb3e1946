import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Every file also as .br and .gz, at the highest levels: done once here, the server then sends
    // them as they are (docs/decisions/028). Maps stay uncompressed: only tools read them. The
    // build that prerenders the public pages (docs/decisions/035) runs at build time only.
    !isSsrBuild &&
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        exclude: [/\.map$/],
        threshold: 1024,
        skipIfLargerOrEqual: true,
      }),
  ],
  resolve: {
    alias: [
      // zod, for this app and the contract alike, is zod configured for the CSP (no JIT) first.
      { find: /^zod$/, replacement: source('lib/zod-config.ts') },
      { find: /^@\//, replacement: source('') },
    ],
  },
  // Hidden: the maps are written (the bundle figures read them) but no file points to them, and
  // the server does not serve them in production (docs/SECURITY.md).
  build: isSsrBuild
    ? { outDir: 'dist-prerender', copyPublicDir: false }
    : { manifest: true, sourcemap: 'hidden' },
  // In development the API runs on its own port; in production the server serves this build.
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
}));
