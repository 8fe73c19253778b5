import { serviceOfKey } from './service-key.js';
import {
  AccountErrorCode,
  CommonErrors,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
  type SpecPath,
  SUCCESS_MSG,
  withSpecPaths,
} from '@account-centre/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Db } from '../db/database.js';
import { type Caller, callerOf } from './caller.js';
import { appError } from './errors.js';
import type { AuthContext } from '../types.js';

/**
 * What routes declared `idempotent` need, provided by the idempotency module
 * (modules/idempotency, docs/decisions/018), which decorates the app with it.
 */
export interface IdempotencySupport {
  /** The hooks that claim a request's key before its handler and store its answer after. */
  hooks(route: RouteDef): { preHandler: preHandlerAsyncHookHandler; onSend: onSendHookHandler };
  /**
   * Marks the request's key applied inside the transaction of its work, so the work can never
   * run twice for it; does nothing for a request without a key.
   */
  markApplied(request: FastifyRequest, trx: Db): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency?: IdempotencySupport;
  }
}

/** The request's idempotency key, as a handler sees it. */
export interface RequestIdempotency {
  /** Call inside the transaction that makes the request's effect (a movement of money, points, seats, codes). */
  markApplied(trx: Db): Promise<void>;
}

export interface RouteContext<R extends RouteDef> {
  /** The signed-in caller; only `access: 'user'` routes have one. */
  caller: R extends { access: 'user' } ? Caller : never;
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  idempotency: RequestIdempotency;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDef> = (context: RouteContext<R>) => Promise<RouteReply<R>>;

/**
 * Registers a contract route: its schemas validate the request and serialise the answer (so
 * no undeclared field leaks), and `access: 'user'` routes get the one shared guard — a valid
 * token, and a `:userId` that is the token's own user (403 otherwise, always). Routes declared
 * `idempotent` honour an `Idempotency-Key` header (modules/idempotency, docs/decisions/018).
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, route: R, handler: RouteHandler<R>): void {
  const idempotency = route.idempotent ? idempotencySupport(app, route).hooks(route) : undefined;
  const [, ...specPathRoutes] = withSpecPaths(route);
  serve(app, route, route, handler, idempotency);
  (route.specPaths ?? []).forEach((specPath, index) =>
    serve(app, route, specPathRoutes[index] as RouteDef, handler, idempotency, specPath),
  );
}

/**
 * Serves `route`'s handler at `served`: the route itself, or one of its spec paths, whose
 * request is made the route's own before the handler sees it (the caller's id, the parameters
 * and body fields the spec's path implies).
 */
function serve<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  served: RouteDef,
  handler: RouteHandler<R>,
  idempotency: ReturnType<IdempotencySupport['hooks']> | undefined,
  specPath?: SpecPath,
): void {
  const protectedRoute = route.access === 'user';
  const serviceRoute = route.access === 'service';
  const completeRequest = specPath ? specPathCompletion(specPath) : undefined;
  const preHandler = [completeRequest, idempotency?.preHandler].filter((hook) => hook !== undefined);
  app.route({
    method: served.method,
    url: served.path,
    schema: {
      summary: served.summary,
      tags: [...route.tags],
      ...(served.params ? { params: served.params } : {}),
      ...(route.querystring ? { querystring: route.querystring } : {}),
      ...(served.body ? { body: served.body } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      response: route.response,
      ...(protectedRoute
        ? { security: route.tokenInQuery ? [{ bearerAuth: [] }, { tokenQuery: [] }] : [{ bearerAuth: [] }] }
        : {}),
      ...(serviceRoute ? { security: [{ serviceKey: [] }] } : {}),
    },
    // Before validation: a request for another user's data is refused with 403 whatever its
    // body, so a malformed request cannot tell a caller more than a well-formed one.
    preValidation: serviceRoute
      ? (request, _reply, done) => done(refusalOfService(app, route, request))
      : protectedRoute
        ? (request, _reply, done) => {
            let checked: AuthContext | Promise<AuthContext>;
            try {
              checked = app.authenticate(request, route.tokenInQuery === true);
            } catch (error) {
              return done(error as Error);
            }
            // Callback style: a remembered token passes without a promise (docs/decisions/026).
            if (checked instanceof Promise) checked.then((auth) => done(refusalOfOtherUser(request, auth)), done);
            else done(refusalOfOtherUser(request, checked));
          }
        : undefined,
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(idempotency ? { onSend: idempotency.onSend } : {}),
    handler: (request, reply) => handler(new RouteCall<R>(app, route, request, reply)),
  });
}

/**
 * After validation, a spec path's request becomes the route's: on a signed-in route its `userId`
 * is the caller's own (checked by the token), and the parameters and body fields the spec's path
 * implies are set, so the handler reads what it reads at the route's own path. Such fields are
 * not in the spec path's body schema, so a caller cannot send one.
 */
function specPathCompletion(specPath: SpecPath): preHandlerAsyncHookHandler {
  return async (request) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    // A signed-in route's spec path without a user id means the caller's own (its guard has run).
    const own = params.userId === undefined && request.auth ? { userId: request.auth.userId } : {};
    if (specPath.params || 'userId' in own) request.params = { ...params, ...specPath.params, ...own };
    if (specPath.body) request.body = { ...(request.body as object), ...specPath.body };
  };
}

/**
 * What a handler is given: one object per request, whose parts are read from the request when
 * asked for. A class rather than an object literal with a getter and closures, which every
 * request would allocate anew (docs/decisions/026).
 */
class RouteCall<R extends RouteDef> implements RouteContext<R> {
  #caller: Caller | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly route: R,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {}

  get caller(): RouteContext<R>['caller'] {
    return (this.#caller ??= callerOf(this.request)) as RouteContext<R>['caller'];
  }

  get body(): RouteBody<R> {
    return this.request.body as RouteBody<R>;
  }

  get query(): RouteQuery<R> {
    return this.request.query as RouteQuery<R>;
  }

  get params(): RouteParams<R> {
    return this.request.params as RouteParams<R>;
  }

  get idempotency(): RequestIdempotency {
    const { app, route, request } = this;
    return {
      markApplied: (trx) => {
        if (!route.idempotent) throw new Error(`${route.method} ${route.path} is not declared idempotent`);
        return idempotencySupport(app, route).markApplied(request, trx);
      },
    };
  }
}

/**
 * A service route's guard: 401 without a known service's key, 403 for a service the route does
 * not name. The key is checked before the body, as a token is (docs/decisions/029).
 */
function refusalOfService(app: FastifyInstance, route: RouteDef, request: FastifyRequest): Error | undefined {
  const service = serviceOfKey(app.config.serviceKeys, request.headers['x-service-key']);
  if (service === null) return appError(CommonErrors.unauthorized);
  if (!route.services?.includes(service)) return appError(CommonErrors.forbidden);
  request.service = service;
  return undefined;
}

/** 403 for a `:userId` that is not the token's own user; undefined when it is, or when none is named. */
function refusalOfOtherUser(request: FastifyRequest, auth: AuthContext): Error | undefined {
  const params = request.params as { userId?: string } | undefined;
  return params?.userId !== undefined && params.userId !== String(auth.userId)
    ? appError(CommonErrors.forbidden)
    : undefined;
}

function idempotencySupport(app: FastifyInstance, route: RouteDef): IdempotencySupport {
  if (!app.idempotency)
    throw new Error(`${route.method} ${route.path} is idempotent: register the idempotency module first`);
  return app.idempotency;
}

/** A success envelope carrying `data`. */
export function ok<T>(data: T) {
  return { status: 'success' as const, code: AccountErrorCode.none, msg: SUCCESS_MSG, data };
}

/** A success envelope for a page of a list, with the number of all rows. */
export function okList<T>(data: T[], count: number) {
  return { status: 'success' as const, code: AccountErrorCode.none, msg: SUCCESS_MSG, data, count };
}

/** A success envelope that carries nothing more. */
export function okEmpty() {
  return { status: 'success' as const, code: AccountErrorCode.none, msg: SUCCESS_MSG };
}
