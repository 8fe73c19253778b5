/**
 * Query keys of the template credit screen, each defined once
 * (docs/architecture.md#web-conventions). Under the user's prefix, so a redeemed gift code's
 * credit shows here too.
 */
export const templateKeys = {
  all: (userId: number) => ['user', userId, 'template-credit'] as const,
  balance: (userId: number) => [...templateKeys.all(userId), 'balance'] as const,
  /** One key per page: a page seen once is not fetched again when revisited (spec 01 §4 "Paging"). */
  page: (userId: number, page: number) => [...templateKeys.all(userId), 'records', page] as const,
  addedPage: (userId: number, page: number) => [...templateKeys.all(userId), 'added', page] as const,
};
