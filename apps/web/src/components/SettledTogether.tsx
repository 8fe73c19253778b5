import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Loading } from './Loading';

/** What SettledTogether needs of a section's query options: they are the section's own. */
interface SectionQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * Shows a screen's sections together, once the first answer of each has come or failed, and from
 * then on whatever those queries do. Sections that appear one by one push each other down as their
 * data arrives, and a tap aimed at one lands on another (docs/decisions/050). The sections then
 * read their answers from the cache, as they would have fetched them; each keeps its own error
 * view and its own loading state after that.
 *
 * `queries` are the sections' own query options, so nothing is fetched twice. They are fetched
 * here and watched in the query cache rather than through the kit's many-queries hook, which the
 * account screen, the first route, does not otherwise load.
 */
export function SettledTogether({ queries, children }: { queries: readonly SectionQuery[]; children: ReactNode }) {
  const client = useQueryClient();
  useEffect(() => {
    // A failure is kept in the cache for the section to show; nothing to catch here.
    for (const query of queries) void client.prefetchQuery(query as Parameters<typeof client.prefetchQuery>[0]);
  }, [client, queries]);
  const subscribe = useCallback((changed: () => void) => client.getQueryCache().subscribe(changed), [client]);
  const settled = useSyncExternalStore(subscribe, () =>
    queries.every((query) => {
      const status = client.getQueryState(query.queryKey)?.status;
      return status === 'success' || status === 'error';
    }),
  );
  // Once shown, the sections stay: a query that changes later (another tab, another page) is
  // the section's own to show loading.
  const [shown, setShown] = useState(false);
  if (settled && !shown) setShown(true);
  return settled || shown ? children : <Loading size="md" />;
}
