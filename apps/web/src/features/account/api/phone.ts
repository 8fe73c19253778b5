import {
  type RouteReply,
  SecondMobileOperate,
  bindByLinkRoute,
  createBindLinkRoute,
  describeBindLinkRoute,
  getBindLinkStateRoute,
  secondMobileRoute,
} from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

/** Binds the second mobile with a code of purpose 4 sent to it; answers the saved user info. */
export function bindSecondMobile(userId: number, { mobile, code }: { mobile: string; code: string }) {
  return apiCall(secondMobileRoute, {
    params: { userId },
    body: { operate: SecondMobileOperate.bind, mobile, code },
  }).then((reply) => reply.data);
}

/** Unbinds the second mobile with a code of purpose 3 sent to it; answers the saved user info. */
export function unbindSecondMobile(userId: number, code: string) {
  return apiCall(secondMobileRoute, { params: { userId }, body: { operate: SecondMobileOperate.unbind, code } }).then(
    (reply) => reply.data,
  );
}

export type BindLink = RouteReply<typeof createBindLinkRoute>['data'];

/** A new one-time phone-binding link with its QR code; any earlier link stops working. */
export function createBindLink(userId: number) {
  return apiCall(createBindLinkRoute, { params: { userId } }).then((reply) => reply.data);
}

/** How often the computer asks whether the phone has been bound. */
export const BIND_LINK_POLL_MS = 2000;

/** The state of the account's newest link, asked every 2 s while the QR code is shown. */
export function bindLinkStateQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['user', userId, 'mobile-bind-link'] as const,
    queryFn: ({ signal }) => apiCall(getBindLinkStateRoute, { params: { userId }, signal }).then((reply) => reply.data),
    refetchInterval: BIND_LINK_POLL_MS,
    // The question is "has it changed since a moment ago": never answer it from the cache.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Whether a link can still bind a phone, and the masked account it binds to (no sign-in needed). */
export function describeBindLink(token: string, signal?: AbortSignal) {
  return apiCall(describeBindLinkRoute, { body: { token }, ...(signal ? { signal } : {}) }).then((reply) => reply.data);
}

/** Binds a phone to the link's account with a code of purpose 4 sent to the phone. */
export function bindPhoneByLink(body: { token: string; mobile: string; code: string }) {
  return apiCall(bindByLinkRoute, { body }).then((reply) => reply.data);
}
