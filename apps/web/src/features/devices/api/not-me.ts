import { notMeRoute } from '@account-centre/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';

/** "This wasn't me" on a sign-in event, or on the whole history without one. */
export function useNotMe(userId: number) {
  return useMutation({
    mutationFn: (eventId?: number) =>
      apiCall(notMeRoute, { params: { userId }, body: eventId === undefined ? {} : { event_id: eventId } }).then(
        (reply) => reply.data,
      ),
  });
}
