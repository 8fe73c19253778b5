import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onLanguageSwitch } from './i18n';

/** Retries only what may pass on a second try: the network and server faults, not refusals. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The server words messages, titles, descriptions and errors in the language of the request
 * (docs/decisions/058), so after a language switch every answer held is stale: those on show
 * are fetched again in the new language, the others when their screen next shows them. Like
 * QueryClient's own focus and connection listeners, this one lives while an app provides the
 * client (QueryClientProvider mounts and unmounts it).
 */
class AppQueryClient extends QueryClient {
  #providers = 0;
  #stopFollowing = () => {};

  override mount(): void {
    super.mount();
    this.#providers += 1;
    if (this.#providers === 1) this.#stopFollowing = onLanguageSwitch(() => void this.invalidateQueries());
  }

  override unmount(): void {
    super.unmount();
    this.#providers -= 1;
    if (this.#providers === 0) this.#stopFollowing();
  }
}

/**
 * One query key per page gives the spec's per-page cache: a page seen once is not fetched
 * again when revisited (`staleTime: Infinity`), while every screen on show reloads its data
 * when the tab becomes visible or the window regains focus (spec 01 §4), and after the
 * connection comes back, or the language changes. Mutations invalidate through the keys of
 * their query options.
 */
export function createQueryClient(): QueryClient {
  return new AppQueryClient({
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
