import { z } from 'zod';

/**
 * The portal's Content-Security-Policy forbids eval. zod compiles object parsers with
 * `new Function` when it may, and finds out by trying: under the CSP the try fails quietly but is
 * still reported as a violation on every page load. Without JIT zod never tries. Must run before
 * any schema is built, so main.tsx imports this module first.
 */
z.config({ jitless: true });
