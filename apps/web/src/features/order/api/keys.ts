/**
 * Query keys of the order screen, each defined once: the queries use them and the mutations
 * invalidate through them (docs/architecture.md#web-conventions).
 */
export const orderKeys = {
  all: (userId: number) => ['user', userId, 'order-screen'] as const,
  licences: (userId: number) => [...orderKeys.all(userId), 'licences'] as const,
  /** Every page of the history: invalidating this drops the whole per-page cache. */
  history: (userId: number) => [...orderKeys.all(userId), 'history'] as const,
  /** One key per page (spec 01 §4: a revisited page is not fetched again). */
  historyPage: (userId: number, page: number, pageSize: number) =>
    [...orderKeys.history(userId), { page, pageSize }] as const,
  storage: (userId: number) => [...orderKeys.all(userId), 'storage'] as const,
  /** The companies the user belongs to: decides whether the screen loads orders at all. */
  companies: (userId: number) => [...orderKeys.all(userId), 'companies'] as const,
  recommendations: (userId: number, language: string, pid: number | null) =>
    [...orderKeys.all(userId), 'recommendations', { language, pid }] as const,
};
