import { type RouteReply, getLicencesRoute } from '@account-centre/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { orderKeys } from './keys';

export type Licence = RouteReply<typeof getLicencesRoute>['data'][number];

/** The licence rows of the user, with the actions the server's region allows. */
export function licencesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: orderKeys.licences(userId),
    queryFn: ({ signal }) => apiCall(getLicencesRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
