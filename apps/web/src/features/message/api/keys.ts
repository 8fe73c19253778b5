/**
 * Query keys of the message screen, each defined once (docs/architecture.md#web-conventions).
 * The unread count the shell shows has its own key, in lib/user/unread-messages.ts.
 */
export const messageKeys = {
  /** One key per page: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  page: (userId: number, page: number) => ['user', userId, 'messages', 'page', page] as const,
};
