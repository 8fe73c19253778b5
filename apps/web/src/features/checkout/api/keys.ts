import type { TeamProduct } from '@account-centre/contract';
import { userDataKey } from '../../../lib/user/current-user';

/**
 * Query keys of the purchase screen, each defined once (docs/architecture.md#web-conventions). Under the user's data, so
 * the catalogue is read again with everything else once a purchase has gone through.
 */
export const checkoutKeys = {
  all: (userId: number) => [...userDataKey(userId), 'checkout'] as const,
  catalogue: (userId: number) => [...checkoutKeys.all(userId), 'catalogue'] as const,
  companies: (userId: number) => [...checkoutKeys.all(userId), 'companies'] as const,
  companyPrices: (userId: number, companyId: number) =>
    [...checkoutKeys.all(userId), 'company-prices', companyId] as const,
  team: (userId: number, product: TeamProduct) => [...checkoutKeys.all(userId), 'team', product] as const,
};
