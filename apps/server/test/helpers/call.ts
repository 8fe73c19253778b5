import {
  buildPath,
  type ErrorEnvelope,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@account-centre/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { Static } from 'typebox';
import type { TestApp } from './test-app.js';
import { hostOf, type SignedInUser } from './users.js';

type Params<R extends RouteDef> = RouteParams<R> extends undefined ? never : RouteParams<R>;

export interface CallOptions<R extends RouteDef> {
  /** Path parameters; `userId` defaults to the caller's own. */
  params?: Partial<Params<R>>;
  /** Query fields; those the server defaults (a page's offset and size) may be left out. */
  query?: Partial<RouteQuery<R>>;
  body?: RouteBody<R>;
  /**
   * The bytes of a route whose body the contract leaves untyped (a multipart upload); send
   * their `content-type` in `headers`.
   */
  payload?: RouteBody<R> extends undefined ? Buffer | string : never;
  /** Who calls: their bearer token and their region's host. Omit for a signed-out call. */
  as?: Pick<SignedInUser, 'userId' | 'token' | 'region'> | null;
  /** The Host header; by default the caller's region's host. Null sends none (the injector's own). */
  host?: string | null;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult<R extends RouteDef> {
  status: number;
  /** The answer: the route's success envelope, or the error envelope. */
  body: RouteReply<R> | Static<typeof ErrorEnvelope>;
  headers: Record<string, string | string[] | number | undefined>;
  /** The success answer, or a thrown error naming what came back instead. */
  ok(): RouteReply<R>;
  /** The response as the server sent it: its text (for assertion messages), cookies, bytes. */
  raw: LightMyRequestResponse;
}

/**
 * Calls a contract route on the test app, typed by the contract: the route's path, method,
 * parameters, query and body come from its definition, so a test cannot call a path or send a
 * body the contract does not have.
 */
export async function call<R extends RouteDef>(
  t: TestApp,
  route: R,
  options: CallOptions<R> = {},
): Promise<CallResult<R>> {
  const caller = options.as ?? null;
  const params = {
    ...(caller && route.path.includes(':userId') ? { userId: caller.userId } : {}),
    ...(options.params as Record<string, string | number> | undefined),
  };
  const query = options.query as Record<string, unknown> | undefined;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const url = buildPath(route.path, params) + (search.size > 0 ? `?${search}` : '');
  const res = await t.app.inject({
    method: route.method,
    url,
    headers: {
      ...(options.host === null ? {} : { host: options.host ?? hostOf(caller?.region ?? 'domestic') }),
      ...(caller ? { authorization: `Bearer ${caller.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  return {
    status: res.statusCode,
    body,
    headers: res.headers,
    raw: res,
    ok: () => {
      if (res.statusCode !== 200) throw new Error(`${route.method} ${url} answered ${res.statusCode} ${res.body}`);
      return body as RouteReply<R>;
    },
  };
}
