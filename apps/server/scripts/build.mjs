// Bundles the server into dist/server.js for `node apps/server/dist/server.js`, and the audit
// trail's check into dist/verify-audit.js.
//
// Only our own code is bundled, together with @portal/contract, which is TypeScript source that
// Node cannot load. Every other dependency stays an import resolved from node_modules at run
// time: several ship WebAssembly or native files, and pino loads its transports by name.
// The bundle sits one level below apps/server, like src/, so the paths it computes from its own
// location (drizzle/ migrations, ../web/dist) work unchanged; see src/paths.ts.
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies = {} } = JSON.parse(
  await readFile(new URL('../package.json', import.meta.url), 'utf8'),
);
const BUNDLED = new Set(['@portal/contract']);

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  // The server, and the audit trail's check (`npm run audit:verify`, docs/decisions/020).
  entryPoints: ['src/server.ts', 'src/verify-audit.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  // Some CommonJS code calls require(); an ES module has none unless we make one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
  metafile: true,
});

// Anything from node_modules in the bundle means a dependency is missing from package.json.
const bundledPackages = Object.keys(result.metafile.inputs).filter((input) =>
  input.includes('node_modules/'),
);
if (bundledPackages.length > 0) {
  console.error(
    `Bundled from node_modules (add them to dependencies):\n  ${bundledPackages.join('\n  ')}`,
  );
  process.exit(1);
}
