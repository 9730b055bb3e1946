import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isClientError } from '@/lib/api-client';

const FIVE_MINUTES = 300_000;
const MAX_RETRIES = 3;

/** Exponential backoff from 1 s, capped at 30 s (docs/PRODUCT.md "Constants"). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && !isClientError(error);
}

export const queryDefaults = {
  queries: {
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
    retry: shouldRetry,
    retryDelay,
  },
  mutations: {
    // Mutations move money or change records: never repeat one behind the user's back.
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
