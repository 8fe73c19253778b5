import * as contract from '@account-centre/contract';
import { AccessTokenErrors, buildPath, type RouteDef, withSpecPaths } from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered } from './helpers/auth.js';
import { call } from './helpers/call.js';
import { describeOnEachDialect } from './helpers/test-app.js';
import { asCaller } from './helpers/users.js';

/**
 * An access token in the address (`?token=`) is taken only where a desktop client or a download
 * needs it (the route's `tokenInQuery`, docs/decisions/051); everywhere else it is refused with
 * 401 `token in address`, before anything runs, even beside a good Authorization header.
 */

const signedInRoutes = (Object.values(contract) as unknown[])
  .filter(
    (value): value is RouteDef => typeof value === 'object' && value !== null && 'path' in value && 'access' in value,
  )
  .flatMap(withSpecPaths)
  .filter((route) => route.access === 'user');

/** The routes that take the token in the address, as `METHOD path`. */
const takingTheAddress = [
  'GET /api/user/:userId',
  'GET /api/user/:userId/device',
  'POST /api/user/:userId/device',
  'GET /api/user/:userId/max/device',
  'POST /api/user/:userId/max/device',
  'GET /api/user/:userId/project/device',
  'POST /api/user/:userId/project/device',
  'GET /api/user/:userId/invoice/pdf',
];

describeOnEachDialect('an access token in the address, on $name', (t) => {
  let ann: Registered;
  beforeAll(async () => {
    ann = await registerByEmail(t);
  });

  const served = () => signedInRoutes.filter((route) => t.app.hasRoute({ method: route.method, url: route.path }));
  /** The route's path for Ann, every other parameter a placeholder: the token is checked first. */
  const pathOf = (route: RouteDef) =>
    buildPath(
      route.path,
      Object.fromEntries(
        [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(([, name]) => [
          name,
          name === 'userId' ? ann.user_id : 'x',
        ]),
      ),
    );

  it('is taken by the desktop clients’ and downloads’ routes only', () => {
    const taking = served()
      .filter((route) => route.tokenInQuery)
      .map((route) => `${route.method} ${route.path}`);
    expect(taking.sort()).toEqual([...takingTheAddress].sort());
  });

  it('reads the user’s information and activates a device, as a desktop client sends it', async () => {
    const me = await t.app.inject({ method: 'GET', url: `/api/user/${ann.user_id}?token=${ann.token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user_id).toBe(ann.user_id);
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/user/${ann.user_id}/max/device?token=${ann.token}`,
      payload: { device_id: 'ANN-PC', device_name: 'Ann’s PC', platform: 'desktop' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
  });

  it('is refused with 401 "token in address" on every other signed-in route, before the route runs', async () => {
    const others = served().filter((route) => !route.tokenInQuery);
    expect(others.length).toBeGreaterThan(50);
    for (const route of others) {
      const res = await t.app.inject({ method: route.method, url: `${pathOf(route)}?token=${ann.token}` });
      expect([res.statusCode, res.json().msg], `${route.method} ${route.path}`).toEqual([
        401,
        AccessTokenErrors.tokenInAddress.msg,
      ]);
    }
  });

  it('changes nothing on a write, even beside a good Authorization header', async () => {
    const before = (await call(t, contract.getUserRoute, { as: asCaller(ann), host: null })).ok().data.nick_name;
    for (const headers of [{}, bearer(ann.token)]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${ann.user_id}?token=${ann.token}`,
        headers,
        payload: { nick_name: 'Changed by address' },
      });
      expect([res.statusCode, res.json()]).toEqual([
        401,
        { status: 'error', code: 0, msg: AccessTokenErrors.tokenInAddress.msg },
      ]);
    }
    expect((await call(t, contract.getUserRoute, { as: asCaller(ann), host: null })).ok().data.nick_name).toBe(before);
    // The header alone is how the web app writes.
    const put = await call(t, contract.updateUserRoute, { as: asCaller(ann), body: { nick_name: 'Ann' }, host: null });
    expect(put.status).toBe(200);
  });

  it('lists the query credential in the API document only where it is taken', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const withQueryToken = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.some((scheme) => 'tokenQuery' in scheme))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(withQueryToken.sort()).toEqual([...takingTheAddress].sort());
  });
});
