import net from 'node:net';
import { CommonErrors } from '@account-centre/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from './errors.js';

/**
 * What dev tools' reach depends on: the configuration's DEV_TOOLS and DEV_TOOLS_INTERFACE, named
 * here rather than read from the configuration's type, which sits above this layer.
 */
export interface DevToolsSettings {
  devTools: boolean;
  devToolsInterface: string | null;
}

/**
 * Dev tools (`/api/dev/…`) hand out what the service "sent" — verification codes included —
 * so whoever can reach them can take over any account. A default start listens on every
 * interface, often on a machine others can reach; so dev tools answer only a caller on this
 * machine (a loopback peer on the loopback interface), or on the one interface address an
 * operator named in DEV_TOOLS_INTERFACE. Everyone else gets the 404 of an unknown path.
 * The sandbox payment provider's pay page (payments/sandbox), whose button settles a real order
 * without money, is held to this same rule, so the two can never answer in different places.
 *
 * The socket's own addresses are read, never `request.ip`: with TRUST_PROXY on, `request.ip`
 * comes from a header the client writes. A request that was forwarded at all (a reverse proxy
 * on this machine is a loopback peer) is someone else's and is refused too.
 */
export function devToolsAnswer(config: Pick<DevToolsSettings, 'devToolsInterface'>, request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  const { localAddress, remoteAddress } = request.raw.socket;
  if (config.devToolsInterface !== null && localAddress !== undefined) {
    if (sameAddress(localAddress, config.devToolsInterface)) return true;
  }
  if (!isLoopback(remoteAddress)) return false;
  // A peer on loopback reached a loopback address; `undefined` is an in-process request
  // (tests' `inject`), which has no interface at all.
  return localAddress === undefined || isLoopback(localAddress);
}

/** An onRequest hook for a dev-tools route scope. */
export function devToolsOnly(config: Pick<DevToolsSettings, 'devToolsInterface'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!devToolsAnswer(config, request)) throw appError(CommonErrors.notFound);
  };
}

/** Where the start banner says dev tools answer. */
export function devToolsReach(config: DevToolsSettings): string {
  if (!config.devTools) return 'dev tools are off';
  const where = config.devToolsInterface === null ? 'loopback only' : `loopback and ${config.devToolsInterface}`;
  return `dev tools (/api/dev/…, e.g. the outbox of codes) and the sandbox pay page answer on ${where}`;
}

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = unmapped(address);
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}

function sameAddress(a: string, b: string): boolean {
  return unmapped(a).toLowerCase() === unmapped(b).toLowerCase();
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) → `127.0.0.1`. */
function unmapped(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}
