import * as contract from '@account-centre/contract';
import { buildPath, type RouteDef, withSpecPaths } from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered } from './helpers/auth.js';
import { call } from './helpers/call.js';
import { sampleRequest } from './helpers/sample-request.js';
import { describeOnEachDialect } from './helpers/test-app.js';
import { asCaller } from './helpers/users.js';

/**
 * docs/architecture.md#api: a `{userId}` in a path that is not the token's user → 403, always. This walks
 * every route of the contract whose path has `:userId` and that the app serves, with a
 * well-formed request (so that validation passes and the guard is what answers) for another
 * user's id.
 */

// Each route with the spec's paths for it (`PUT update/{id}` has a `{userId}` of its own).
const userRoutes = (Object.values(contract) as unknown[])
  .filter(
    (value): value is RouteDef => typeof value === 'object' && value !== null && 'path' in value && 'access' in value,
  )
  .flatMap(withSpecPaths)
  .filter((route) => route.path.includes(':userId'));

describeOnEachDialect('the :userId guard on $name', (t) => {
  let caller: Registered;
  let other: Registered;
  beforeAll(async () => {
    caller = await registerByEmail(t);
    other = await registerByEmail(t);
  });

  const served = () => userRoutes.filter((route) => t.app.hasRoute({ method: route.method, url: route.path }));

  it('covers the user routes the app serves, including GET and PUT /api/user/:userId', () => {
    const keys = served().map((route) => `${route.method} ${route.path}`);
    expect(keys).toContain('GET /api/user/:userId');
    expect(keys).toContain('PUT /api/user/:userId');
    for (const route of served()) expect(route.access, `${route.method} ${route.path}`).toBe('user');
  });

  it('can build a well-formed request for every :userId route of the contract', () => {
    for (const route of userRoutes) {
      expect(() => sampleRequest(route), `${route.method} ${route.path}`).not.toThrow();
    }
  });

  it('refuses every :userId route with another user’s id, or an unknown one, with 403', async () => {
    const before = (await call(t, contract.getUserRoute, { as: asCaller(other), host: null })).body;
    // Each route's request is built from its schemas by the walk itself: sent by hand.
    for (const route of served()) {
      const { params, query, body } = sampleRequest(route);
      for (const userId of [other.user_id, other.user_id + 10_000]) {
        const res = await t.app.inject({
          method: route.method,
          url: buildPath(route.path, { ...params, userId }),
          query,
          headers: bearer(caller.token),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'forbidden' });
      }
      // The same request for the caller's own id passes the guard (whatever the route answers).
      const own = await t.app.inject({
        method: route.method,
        url: buildPath(route.path, { ...params, userId: caller.user_id }),
        query,
        headers: bearer(caller.token),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(own.statusCode, `${route.method} ${route.path}: ${own.body}`).not.toBe(403);
      // Some routes end the caller's own session on purpose (unbinding the device it runs on,
      // "this wasn't me"): the walk goes on with a new caller.
      const stillSignedIn = await call(t, contract.getUserRoute, { as: asCaller(caller), host: null });
      if (stillSignedIn.status === 401) caller = await registerByEmail(t);
    }
    const after = (await call(t, contract.getUserRoute, { as: asCaller(other), host: null })).body;
    expect(after).toEqual(before);
  });
});
