import { IDEMPOTENT_REPLAYED_HEADER, type RouteDef } from '@account-centre/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import type { IdempotencySupport } from '../../lib/register-route.js';
import { requireOpenUser } from '../user/index.js';
import { requestFingerprint } from './fingerprint.js';
import { type Claim, claimKey, markApplied, settleKey } from './idempotency.service.js';

/** The claims this instance holds, by the request that holds them. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** Gives registerRoute what routes declared `idempotent` need (lib/register-route.ts). */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const support: IdempotencySupport = {
    hooks: (route) => idempotencyHooks(app, route),
    markApplied: async (request: FastifyRequest, trx: Db) => {
      const claim = claims.get(request);
      if (claim) await markApplied(trx, claim, app.clock.now());
    },
  };
  app.decorate('idempotency', support);
});

/**
 * Whose key it is: the signed-in caller's, or on a service route the account its body names
 * (`user_id`), which must exist — the key is stored with it, and a service must hear that the
 * account is unknown rather than a failure of ours.
 */
async function keyOwner(app: FastifyInstance, route: RouteDef, request: FastifyRequest): Promise<number> {
  if (route.access === 'user') {
    const userId = request.auth?.userId;
    if (userId === undefined) throw new Error(`${route.method} ${route.path}: signed-in route without a user`);
    return userId;
  }
  const userId = (request.body as { user_id?: unknown } | undefined)?.user_id;
  if (typeof userId !== 'number') throw new Error(`${route.method} ${route.path}: a service's key needs user_id`);
  return requireOpenUser(app.db, userId);
}

/**
 * The hooks that make a contract route with `idempotent: true` honour `Idempotency-Key`
 * (docs/decisions/018). They run after the sign-in guard and the request's validation (a
 * malformed key is a 400 there), so a refused request never touches a key:
 * - before the handler, the key is claimed — or the stored answer is replayed (with
 *   `Idempotent-Replayed: true`) and the handler does not run;
 * - as the answer goes out, the claim is settled with exactly the bytes sent; the client
 *   hears nothing before the key holds the answer, so any retry finds it.
 * A request without the header runs as any other.
 */
function idempotencyHooks(app: FastifyInstance, route: RouteDef): ReturnType<IdempotencySupport['hooks']> {
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return;
      const userId = await keyOwner(app, route, request);
      const outcome = await claimKey(
        app.db,
        { userId, method: route.method, route: route.path, key },
        requestFingerprint(request),
        { now: () => app.clock.now() },
      );
      if (outcome.kind === 'claimed') {
        claims.set(request, outcome.claim);
        return;
      }
      // A string with a JSON type goes out as it is: the stored bytes, not a re-serialisation.
      return reply
        .code(outcome.status)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(outcome.body);
    },
    onSend: async (request, reply, payload) => {
      const claim = claims.get(request);
      if (!claim) return payload;
      claims.delete(request);
      // JSON answers arrive here serialised; anything else could not be replayed as sent.
      const body = typeof payload === 'string' ? payload : null;
      await settleKey(app.db, claim, reply.statusCode, body, app.clock.now());
      return payload;
    },
  };
}
