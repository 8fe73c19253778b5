/**
 * Query keys of the AI points screen, each defined once (docs/architecture.md#web-conventions).
 * Under the user's prefix, so points given by a redeemed code show here too.
 */
export const aiPointKeys = {
  all: (userId: number) => ['user', userId, 'ai-points'] as const,
  balance: (userId: number) => [...aiPointKeys.all(userId), 'balance'] as const,
  /** One key per page and size: a page seen once is not fetched again (spec 01 §4 "Paging"). */
  usage: (userId: number, pageSize: number, page: number) =>
    [...aiPointKeys.all(userId), 'usage', pageSize, page] as const,
  acquisitions: (userId: number) => [...aiPointKeys.all(userId), 'acquisitions'] as const,
  daily: (userId: number, utcOffset: number) => [...aiPointKeys.all(userId), 'daily', utcOffset] as const,
};
