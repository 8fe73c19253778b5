import type { RouteDef, RouteReply } from '@account-centre/contract';
import { type ApiCallOptions, callRoute } from '../../../../lib/api';

type Data<R extends RouteDef> = RouteReply<R> extends { data: infer D } ? D : never;

/**
 * One of a company's facts, unwrapped from its envelope: every route that reads them takes the
 * caller in its path and the company as `cid`.
 */
export function readCompany<R extends RouteDef>(
  route: R,
  userId: number,
  companyId: number,
  signal: AbortSignal,
): Promise<Data<R>> {
  return callRoute(route, { params: { userId }, query: { cid: companyId }, signal } as unknown as ApiCallOptions<R>).then(
    (reply) => (reply as { data: Data<R> }).data,
  );
}
