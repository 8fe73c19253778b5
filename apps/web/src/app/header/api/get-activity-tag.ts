import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityBariconRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** The header's tag sits at position 1 (spec 02 §7). */
export const HEADER_TAG_POSITION = 1;

export const activityTagQuery = queryOptions({
  queryKey: ['activity', 'baricon', HEADER_TAG_POSITION],
  queryFn: ({ signal }) =>
    apiCall(activityBariconRoute, { query: { position: HEADER_TAG_POSITION }, signal }).then((reply) => reply.data),
  // A campaign changes a few times a year; one answer per visit is plenty.
  staleTime: 30 * 60 * 1000,
  // A missing tag is not worth a retry storm or an error on screen: the header just shows none.
  retry: false,
});

export function useActivityTag(enabled: boolean) {
  return useQuery({ ...activityTagQuery, enabled });
}
