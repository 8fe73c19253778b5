import {
  buildLanguage,
  CommonErrors,
  type Language,
  languages,
  languageTags,
  type Region,
  regionFromHost,
} from '@account-centre/contract';
import type { FastifyRequest } from 'fastify';
import { appError } from './errors.js';

/** Who is calling, as far as the request tells: address, agent, and the device it names. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** From the optional `X-Device-Id` header: the device the session runs on. */
  deviceId: string | null;
}

/**
 * The signed-in caller of an `access: 'user'` route, handed to its handler by registerRoute:
 * the token's user and session, the region the host selects, the client, and the language the
 * browser asks for. `client` and `language` are read from the request when first used, so a
 * route that never looks at them never refuses a malformed `X-Device-Id`.
 */
export interface Caller {
  userId: number;
  sessionId: string;
  region: Region;
  readonly client: ClientInfo;
  readonly language: Language;
}

/** Column widths of sessions and audit events. */
const USER_AGENT_MAX = 512;
const IP_MAX = 64;
/** `X-Device-Id`: a client's own device identifier, printable ASCII, at most 128 characters. */
const DEVICE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Who is calling: IP (behind a proxy only as TRUST_PROXY allows), user agent, and the optional
 * `X-Device-Id` header. A malformed device id is refused rather than cut, because device slots
 * are counted by it.
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

/** A host name (or IP literal) with an optional port, as a Host header may carry one. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The app's origin as the caller reached it: the same host (so the same region, docs/architecture.md#regions) and
 * scheme, as the region rule reads them (behind a proxy only when TRUST_PROXY is on).
 */
export function publicOrigin(request: FastifyRequest): string {
  const host = request.host ?? '';
  if (!HOST.test(host)) throw appError(CommonErrors.invalidRequest);
  return `${request.protocol}://${host}`;
}

/** The region the request's host selects (docs/architecture.md#regions), by the rule shared with the web app. */
export function requestRegion(request: FastifyRequest): Region {
  return regionFromHost(request.host ?? '', request.server.config.region);
}

/** The caller of a route whose guard has checked the token (`request.auth` is set by then). */
export function callerOf(request: FastifyRequest): Caller {
  const auth = request.auth;
  if (!auth) throw appError(CommonErrors.unauthorized);
  let client: ClientInfo | undefined;
  let language: Language | undefined;
  const region = requestRegion(request);
  return {
    userId: auth.userId,
    sessionId: auth.sessionId,
    region,
    get client() {
      return (client ??= clientInfo(request));
    },
    get language() {
      return (language ??= acceptedLanguage(request.headers['accept-language'], region));
    },
  };
}

/**
 * The language the request names (Accept-Language; the web app sends its page's), or null when
 * it names none, so that the account's own language can stand instead (docs/decisions/058).
 */
export function namedLanguage(request: FastifyRequest): Language | null {
  const header = request.headers['accept-language'];
  return header ? acceptedLanguage(header, requestRegion(request)) : null;
}

/** Our language for a BCP 47 tag: Chinese by script or region, then the primary subtag. */
function languageOfTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return /-(hant|tw|hk|mo)\b/.test(lower) ? 'tw' : 'zh';
  const primary = lower.split('-')[0] ?? '';
  const byTag = languages.find((language) => languageTags[language].toLowerCase() === primary);
  return byTag ?? null;
}

/**
 * The caller's language from the browser's Accept-Language (highest weight first), else the
 * region's build language (spec 01 §1).
 */
export function acceptedLanguage(acceptLanguage: string | undefined, region: Region): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag.trim() !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return buildLanguage(region);
}
