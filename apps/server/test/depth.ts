/**
 * How deep the long tests go. `npm test` runs them short, so the developer loop stays within a
 * few minutes on a 2-core machine; `npm run test:sweeps` (which CI runs too) sets TEST_DEPTH=full
 * and runs them at full size: the hostile sweeps, the near-miss deposits and the model
 * properties. Same tests, same checks, only how many inputs.
 */
export const FULL_DEPTH = process.env.TEST_DEPTH === 'full';

/** `full` in the deep run, `quick` in the everyday one. */
export function depth(full: number, quick: number): number {
  return FULL_DEPTH ? full : quick;
}
