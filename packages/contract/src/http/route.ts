import { type Static, type TObject, type TSchema, Type } from 'typebox';
import { ErrorEnvelope } from './envelope.js';
import { IdempotencyHeaders, RequiredIdempotencyHeaders } from './idempotency.js';
import { Text } from './input.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `user`: a valid access token (the Bearer header, or `?token=` where the route takes it:
 *   `tokenInQuery`); when the path has a `:userId`, it must be the token's own user (403
 *   otherwise);
 * - `service`: another of the company's services, by its key (`X-Service-Key`), and only the
 *   services the route names (`services`). Such routes live under `/api/internal/`.
 */
export type RouteAccess = 'public' | 'user' | 'service';

/**
 * The company's services that call the account centre (docs/decisions/029): the diagram and
 * mind-map products' servers (AI points), the template community (template credit, authors'
 * sales), the order system (cashback, refunds).
 */
export const serviceNames = ['products', 'templates', 'orders'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** The header a service sends its key in. */
export const SERVICE_KEY_HEADER = 'X-Service-Key';

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify path syntax (`/api/user/:userId`); OpenAPI shows it as `{userId}`. */
  path: string;
  summary: string;
  tags: readonly string[];
  access: RouteAccess;
  /** `service` routes: which services may call it. */
  services?: readonly ServiceName[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The success answer (HTTP 200). Failures always use ErrorEnvelope. */
  reply: TSchema;
  /**
   * The route accepts an `Idempotency-Key` header (http/idempotency.ts): a write that moves
   * money, points, seats or codes, so a client may retry it safely. Keys belong to a user: the
   * signed-in caller, or for a service route the `user_id` of its body, and a service must send
   * one.
   */
  idempotent?: true;
  /**
   * A signed-in route a desktop client or a download calls with its access token in the address
   * (`?token=`, spec 01 §7: the user's information, a product's devices and a device's
   * activation, the receipt link). Elsewhere a token in the address is refused (401 `token in
   * address`): an address lands in access logs, proxies and browser history, so a write or a
   * screen's read takes the token only in the Authorization header (docs/decisions/051).
   */
  tokenInQuery?: true;
  /**
   * The same call under the paths spec 01 §7 gives it, for the desktop clients and services that
   * call it as written there (docs/decisions/007). Signed-in and public routes.
   */
  specPaths?: readonly SpecPath[];
}

/**
 * A path the spec gives a route's call under: the same handler and answers, reached by another
 * method and path. The spec's paths mostly name no user (`POST mchange`): on a signed-in route the
 * caller's own account is meant, so `userId` is the token's user; any other parameter of the
 * route, and a body field the spec's path implies (`mclose` closes with the phone's code), are
 * fixed here.
 */
export interface SpecPath {
  /** The call's name as the spec writes it (`mchange`, `bind-email`, `update/{id}`). */
  name: string;
  method: HttpMethod;
  /** Either every path parameter of the route, or none but what `params` fixes. */
  path: string;
  /** Path parameters the spec's path implies, other than `userId` (`provider: 'weixin'`). */
  params?: Readonly<Record<string, string>>;
  /** Body fields the spec's path implies (`via: 'mobile'`); the caller may not send them. */
  body?: Readonly<Record<string, unknown>>;
}

/** HTTP statuses any route may answer with an error envelope (docs/architecture.md#api). */
export const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;

export type RouteDef<S extends RouteSpec = RouteSpec> = S & {
  response: Record<number, TSchema>;
  /** Request headers the route reads (the idempotency key of an idempotent route). */
  headers?: TSchema;
};

/**
 * Defines a route once, for the server (registration, validation, serialisation), the web
 * client (typed calls) and the OpenAPI document.
 */
export function defineRoute<const S extends RouteSpec>(spec: S): RouteDef<S> {
  if (spec.idempotent && spec.access === 'public') {
    throw new Error(
      `${spec.method} ${spec.path}: idempotency keys belong to a user, so only signed-in and service routes take them`,
    );
  }
  if ((spec.access === 'service') !== (spec.services !== undefined && spec.services.length > 0)) {
    throw new Error(`${spec.method} ${spec.path}: a service route names its services, and only a service route does`);
  }
  if (spec.tokenInQuery && spec.access !== 'user') {
    throw new Error(`${spec.method} ${spec.path}: only a signed-in route takes an access token in its address`);
  }
  for (const specPath of spec.specPaths ?? []) checkSpecPath(spec, specPath);
  const response: Record<number, TSchema> = { 200: spec.reply };
  for (const status of errorStatuses) response[status] = ErrorEnvelope;
  const querystring =
    spec.access === 'user' && spec.querystring
      ? strictQuery(spec.querystring, spec.tokenInQuery === true)
      : spec.querystring;
  return {
    ...spec,
    ...(querystring ? { querystring } : {}),
    ...(spec.idempotent
      ? { headers: spec.access === 'service' ? RequiredIdempotencyHeaders : IdempotencyHeaders }
      : {}),
    response,
  };
}

/** The `:name` parameters of a route path, in order. */
function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}

/** A spec path must reach the route's handler with every parameter and body field it reads. */
function checkSpecPath(spec: RouteSpec, specPath: SpecPath): void {
  const where = `${spec.method} ${spec.path}, spec path ${specPath.method} ${specPath.path}`;
  if (spec.access === 'service') throw new Error(`${where}: services call the paths of decision 029 only`);
  const own = pathParameters(spec.path);
  const given = pathParameters(specPath.path);
  // Only a token can say whose account a path without a user id means.
  if (spec.access !== 'user' && given.join() !== own.join())
    throw new Error(`${where}: only a signed-in route's spec path may leave out path parameters`);
  const implied = own.filter((name) => name !== 'userId').sort();
  const fixed = Object.keys(specPath.params ?? {}).sort();
  const complete =
    given.length > 0 ? given.join() === own.join() && fixed.length === 0 : implied.join() === fixed.join();
  if (!complete) throw new Error(`${where}: give every path parameter of the route, or none and fix the others`);
  if (specPath.body && (spec.body as TObject | undefined)?.type !== 'object')
    throw new Error(`${where}: fixed body fields need an object body`);
}

/**
 * The route and one route per spec path it has, as the server serves them and the OpenAPI
 * document lists them: each spec path with its own method and path, no path parameters where it
 * names none, and no body field it fixes.
 */
export function withSpecPaths(route: RouteDef): RouteDef[] {
  return [route, ...(route.specPaths ?? []).map((specPath) => specPathRoute(route, specPath))];
}

function specPathRoute(route: RouteDef, specPath: SpecPath): RouteDef {
  const { specPaths: _, params, body, ...rest } = route;
  const fixedFields = Object.keys(specPath.body ?? {});
  const openBody = body && fixedFields.length > 0 ? withoutFields(body as TObject, fixedFields) : body;
  return {
    ...rest,
    method: specPath.method,
    path: specPath.path,
    summary: `${specPath.name} (spec 01 §7): the call ${route.method} ${route.path}${describeFixed(specPath)}. ${route.summary}`,
    ...(pathParameters(specPath.path).length > 0 && params ? { params } : {}),
    ...(openBody ? { body: openBody } : {}),
  };
}

function describeFixed(specPath: SpecPath): string {
  const fixed = { ...specPath.params, ...specPath.body };
  const parts = Object.entries(fixed).map(([name, value]) => `${name} ${JSON.stringify(value)}`);
  return parts.length > 0 ? ` with ${parts.join(', ')}` : '';
}

/** An object schema without some of its fields, as strict about the rest as it was. */
function withoutFields(object: TObject, names: string[]): TSchema {
  const properties = Object.fromEntries(Object.entries(object.properties).filter(([name]) => !names.includes(name)));
  const required = (object.required ?? []).filter((name: string) => !names.includes(name));
  return { ...object, properties, required } as TSchema;
}

/**
 * A signed-in route's query schema refuses unknown fields. Desktop clients send their credential
 * as `?token=` (spec 01 §7), so the schema of a route that takes it there must know that one; on
 * any other route the auth check refuses a token there before the query is validated.
 */
function strictQuery(querystring: TSchema, withToken: boolean): TSchema {
  const object = querystring as TObject;
  if (object.type !== 'object' || !object.properties) return querystring;
  if (!withToken || 'token' in object.properties) {
    return (object as { additionalProperties?: unknown }).additionalProperties === false
      ? querystring
      : Type.Object({ ...object.properties }, { additionalProperties: false });
  }
  return Type.Object(
    { ...object.properties, token: Type.Optional(Text({ maxLength: 256 })) },
    { additionalProperties: false },
  );
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

export type RouteBody<R extends RouteSpec> = StaticOr<R['body'], undefined>;
export type RouteQuery<R extends RouteSpec> = StaticOr<R['querystring'], undefined>;
export type RouteParams<R extends RouteSpec> = StaticOr<R['params'], undefined>;
export type RouteReply<R extends RouteSpec> = Static<R['reply']>;

/** Fills `:name` segments of a route path; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
