import type { DeviceProduct } from '@account-centre/contract';

/**
 * Query keys of the devices screen, each defined once: the queries use them and the mutations
 * invalidate through them (docs/architecture.md#web-conventions). Everything sits under one prefix, so "this wasn't me"
 * and signing out a device can drop it all.
 */
export const deviceKeys = {
  all: (userId: number) => ['user', userId, 'devices'] as const,
  product: (userId: number, product: DeviceProduct) => [...deviceKeys.all(userId), 'product', product] as const,
  sessions: (userId: number) => [...deviceKeys.all(userId), 'sessions'] as const,
  /** One key per page: a page seen once is not fetched again when revisited (spec 01 §4 "Paging"). */
  historyPage: (userId: number, page: number) => [...deviceKeys.all(userId), 'history', page] as const,
};
