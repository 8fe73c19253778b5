import { listAiPointAcquisitionsRoute, type RouteReply } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { aiPointKeys } from './keys';

export type AiPointAcquisition = RouteReply<typeof listAiPointAcquisitionsRoute>['data'][number];

/** Every acquisition, newest first (getAIPointGetList). */
export function useAiPointAcquisitions(userId: number) {
  return useQuery({
    queryKey: aiPointKeys.acquisitions(userId),
    queryFn: ({ signal }) =>
      apiCall(listAiPointAcquisitionsRoute, { params: { userId }, signal }).then((reply) => reply.data),
  });
}
