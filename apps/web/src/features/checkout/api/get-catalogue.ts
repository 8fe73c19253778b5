import { getCheckoutCatalogueRoute, type RouteReply } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { checkoutKeys } from './keys';

export type CheckoutCatalogue = RouteReply<typeof getCheckoutCatalogueRoute>['data'];
export type CheckoutOffer = CheckoutCatalogue['items'][number];

/**
 * What the checkout sells in the caller's region, at the server's prices and with its payment
 * methods: the screen shows these and never a price of its own (docs/decisions/037).
 */
export function catalogueQueryOptions(userId: number) {
  return queryOptions({
    queryKey: checkoutKeys.catalogue(userId),
    queryFn: ({ signal }) =>
      apiCall(getCheckoutCatalogueRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}

export function useCheckoutCatalogue(userId: number) {
  return useQuery(catalogueQueryOptions(userId));
}
