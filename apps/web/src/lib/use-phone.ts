import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em, 768 px): lists show cards instead of tables. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is phone-sized. Read at once rather than after a first render, so a list
 * never draws a table it replaces with cards a moment later.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
