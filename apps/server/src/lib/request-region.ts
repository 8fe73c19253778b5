import { type Region, regionFromHost } from '@account-centre/contract';
import type { FastifyRequest } from 'fastify';

/** The region the request's host selects (spec 01 §1), by the same rule the web app uses. */
export function requestRegion(request: FastifyRequest): Region {
  return regionFromHost(request.host ?? '', request.server.config.region);
}
