import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeviceProduct,
  type RouteReply,
  SIGN_IN_HISTORY_PAGE_SIZE,
  deviceRoutes,
  endSessionRoute,
  listSessionsRoute,
  notMeRoute,
  signInHistoryRoute,
  signOutDeviceRoute,
} from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type DeviceList = RouteReply<(typeof deviceRoutes)['diagram']['list']>;
export type Device = DeviceList['data'][number];
export type SessionList = RouteReply<typeof listSessionsRoute>;
export type Session = SessionList['data'][number];
export type SignInHistoryPage = RouteReply<typeof signInHistoryRoute>;
export type SignInEvent = SignInHistoryPage['data'][number];

/** Everything of this screen for one user sits under one prefix, so "this wasn't me" can drop it all. */
const base = (userId: number) => ['user', userId, 'devices'] as const;

export const deviceListOptions = (userId: number, product: DeviceProduct) =>
  queryOptions({
    queryKey: [...base(userId), 'product', product] as const,
    queryFn: ({ signal }) => apiCall(deviceRoutes[product].list, { params: { userId }, signal }),
  });

export const sessionsOptions = (userId: number) =>
  queryOptions({
    queryKey: [...base(userId), 'sessions'] as const,
    queryFn: ({ signal }) => apiCall(listSessionsRoute, { params: { userId }, signal }),
  });

/** One key per page: a page seen once is not fetched again when revisited (spec 01 §4 "Paging"). */
export const signInHistoryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...base(userId), 'history', page] as const,
    queryFn: ({ signal }) =>
      apiCall(signInHistoryRoute, {
        params: { userId },
        query: { offset: (page - 1) * SIGN_IN_HISTORY_PAGE_SIZE, count: SIGN_IN_HISTORY_PAGE_SIZE },
        signal,
      }),
  });

export function useDeviceList(userId: number, product: DeviceProduct) {
  return useQuery(deviceListOptions(userId, product));
}

export function useSessions(userId: number) {
  return useQuery(sessionsOptions(userId));
}

export function useSignInHistory(userId: number, page: number) {
  // The previous page stays on show while the next one loads, so the pager does not jump.
  return useQuery({ ...signInHistoryOptions(userId, page), placeholderData: keepPreviousData });
}

/**
 * Unbinding a device changes the product's list and the sessions (the device's sessions end),
 * so both are read again; the product's list loses the device at once.
 */
export function useUnbindDevice(userId: number, product: DeviceProduct) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      apiCall(deviceRoutes[product].unbind, { params: { userId, id: deviceId } }).then((reply) => reply.data),
    onSuccess: (_result, deviceId) => {
      const { queryKey } = deviceListOptions(userId, product);
      queryClient.setQueryData(queryKey, (list) =>
        list
          ? { ...list, data: list.data.filter((device) => device.device_id !== deviceId), count: list.count - 1 }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: sessionsOptions(userId).queryKey });
    },
  });
}

/** Signing out a session or a whole device touches the sessions and every product's list. */
function useInvalidateAll(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: base(userId) });
}

export function useEndSession(userId: number) {
  const invalidate = useInvalidateAll(userId);
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiCall(endSessionRoute, { params: { userId, sessionId } }).then((reply) => reply.data),
    onSuccess: (result) => {
      if (!result.current) void invalidate();
    },
  });
}

export function useSignOutDevice(userId: number) {
  const invalidate = useInvalidateAll(userId);
  return useMutation({
    mutationFn: (deviceId: string) =>
      apiCall(signOutDeviceRoute, { params: { userId, deviceId } }).then((reply) => reply.data),
    onSuccess: (result) => {
      if (!result.current) void invalidate();
    },
  });
}

export function useNotMe(userId: number) {
  return useMutation({
    mutationFn: (eventId?: number) =>
      apiCall(notMeRoute, { params: { userId }, body: eventId === undefined ? {} : { event_id: eventId } }).then(
        (reply) => reply.data,
      ),
  });
}
