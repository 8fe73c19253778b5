import { type DeviceProduct, type RouteReply, deviceRoutes } from '@account-centre/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { deviceKeys } from './keys';

export type DeviceList = RouteReply<(typeof deviceRoutes)['diagram']['list']>;
export type Device = DeviceList['data'][number];

/** The devices activated for one product, with the product's slots. */
export const deviceListOptions = (userId: number, product: DeviceProduct) =>
  queryOptions({
    queryKey: deviceKeys.product(userId, product),
    queryFn: ({ signal }) => apiCall(deviceRoutes[product].list, { params: { userId }, signal }),
  });

export function useDeviceList(userId: number, product: DeviceProduct) {
  return useQuery(deviceListOptions(userId, product));
}
