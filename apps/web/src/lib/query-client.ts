import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retries only what may pass on a second try: the network and server faults, not refusals. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * One query key per page gives the spec's per-page cache: a page seen once is not fetched
 * again when revisited (`staleTime: Infinity`), while every screen on show reloads its data
 * when the tab becomes visible or the window regains focus (spec 01 §4), and after the
 * connection comes back. Mutations invalidate through the keys of their query options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: 'always',
        refetchOnReconnect: 'always',
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
