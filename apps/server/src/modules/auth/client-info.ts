import { CommonErrors, type Region, regionFromHost } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../lib/errors.js';
import type { ClientInfo } from './deps.js';

/** Column widths of sessions and audit events. */
const USER_AGENT_MAX = 512;
const IP_MAX = 64;
/** `X-Device-Id`: a client's own device identifier, printable ASCII, at most 128 characters. */
const DEVICE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Who is calling: IP (behind a proxy only when TRUST_PROXY is on), user agent, and the
 * optional `X-Device-Id` header. A malformed device id is refused rather than cut, because
 * device slots will be counted by it.
 */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const header = request.headers['x-device-id'];
  let deviceId: string | null = null;
  if (header !== undefined) {
    if (typeof header !== 'string' || !DEVICE_ID.test(header)) throw appError(CommonErrors.invalidRequest);
    deviceId = header;
  }
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ? request.ip.slice(0, IP_MAX) : null,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    deviceId,
  };
}

/** The region the request's host selects (DESIGN.md §5), by the rule shared with the web app. */
export function requestRegion(app: FastifyInstance, request: FastifyRequest): Region {
  return regionFromHost(request.host ?? '', app.config.region);
}
