import { config } from 'zod/v4';

/**
 * The portal's Content-Security-Policy forbids eval. zod compiles object parsers with
 * `new Function` when it may, and finds out by trying: under the CSP the try fails quietly but is
 * still reported as a violation on every page load. Without JIT zod never tries.
 *
 * This must run before any schema is built, and schemas are built when the modules that declare
 * them (the contract's among them) are evaluated. Those load with lazily loaded screens and
 * dialogs, not with the entry, so no import order in main.tsx could guarantee it. Instead the
 * build resolves every `import ... from 'zod'` to this module (vite.config.ts): whichever module
 * loads zod first runs this configuration before it can build a schema, and a page that uses no
 * zod (Home) loads none of it.
 */
config({ jitless: true });

export * from 'zod/v4';
/** @public A dependency may import zod's default export; the alias sends it here too. */
export { default } from 'zod/v4';
