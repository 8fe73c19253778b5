import { type RouteBody, type RouteReply, screenTeamContactsRoute } from '@account-centre/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import type { TeamRef } from './keys';

export type Invitee = RouteReply<typeof screenTeamContactsRoute>['data']['invitees'][number];
type Screening = Omit<RouteBody<typeof screenTeamContactsRoute>, 'group_id'>;

/**
 * Which of the contacts could join the team (filterGroupMember): `match` 1 for the one contact
 * of the add dialog, 0 for a pasted list. It changes nothing, so it carries no request key.
 */
export function useScreenContacts({ userId, product, groupId }: TeamRef) {
  return useMutation({
    mutationFn: (screening: Screening) =>
      apiCall(screenTeamContactsRoute, {
        params: { userId, product },
        body: { group_id: groupId, ...screening },
      }).then((reply) => reply.data.invitees),
  });
}
