import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from './envelope.js';
import { IdempotencyHeaders } from './idempotency.js';
import { buildPath, defineRoute, errorStatuses, withSpecPaths } from './route.js';

describe('buildPath', () => {
  it('fills each :name segment', () => {
    expect(buildPath('/api/user/:userId', { userId: 42 })).toBe('/api/user/42');
    expect(
      buildPath('/api/user/:userId/:product/grouporder/:orderId', { userId: 7, product: 'max', orderId: 'a1' }),
    ).toBe('/api/user/7/max/grouporder/a1');
  });

  it('leaves a path without parameters as it is', () => {
    expect(buildPath('/api/health')).toBe('/api/health');
  });

  it('URI-encodes values, so a value cannot add path segments or a query', () => {
    expect(buildPath('/api/user/:userId', { userId: '../admin?x=1' })).toBe('/api/user/..%2Fadmin%3Fx%3D1');
    expect(buildPath('/api/file/:name', { name: 'a b#c' })).toBe('/api/file/a%20b%23c');
  });

  it('throws on a missing parameter, naming it', () => {
    expect(() => buildPath('/api/user/:userId/order', {})).toThrow(/"userId"/);
  });

  it('ignores parameters the path does not name', () => {
    expect(buildPath('/api/user/:userId', { userId: 1, other: 2 })).toBe('/api/user/1');
  });
});

describe('defineRoute', () => {
  it('declares the success reply and the error envelope for every error status', () => {
    const reply = Type.Object({ ok: Type.Boolean() });
    const route = defineRoute({ method: 'GET', path: '/api/x', summary: 'x', tags: ['t'], access: 'public', reply });
    expect(route.response[200]).toBe(reply);
    for (const status of errorStatuses) expect(route.response[status]).toBe(ErrorEnvelope);
    expect(errorStatuses).toEqual(expect.arrayContaining([400, 401, 403, 404, 409, 429]));
  });

  const write = {
    method: 'PUT',
    path: '/api/user/:userId/x',
    summary: 'x',
    tags: ['t'],
    reply: Type.Object({}),
  } as const;

  it('documents the Idempotency-Key header on a route that declares idempotent, and on no other', () => {
    expect(defineRoute({ ...write, access: 'user', idempotent: true }).headers).toBe(IdempotencyHeaders);
    expect(defineRoute({ ...write, access: 'user' }).headers).toBeUndefined();
  });

  it('refuses an idempotent route anyone may call: keys belong to a signed-in user', () => {
    expect(() => defineRoute({ ...write, access: 'public', idempotent: true })).toThrow(/signed-in/);
  });
});

describe('spec paths', () => {
  const reply = Type.Object({ ok: Type.Boolean() });
  const params = Type.Object({ userId: Type.Integer(), provider: Type.String() }, { additionalProperties: false });
  const body = Type.Object({ via: Type.String(), code: Type.String() }, { additionalProperties: false });
  const base = {
    method: 'POST',
    path: '/api/user/:userId/thing/:provider',
    summary: 'Do the thing',
    tags: ['t'],
    access: 'user',
    params,
    body,
    reply,
  } as const;

  it('serves a spec path without path parameters when it fixes those other than the user', () => {
    const route = defineRoute({
      ...base,
      specPaths: [
        { name: 'xthing', method: 'PUT', path: '/api/user/xthing', params: { provider: 'x' }, body: { via: 'm' } },
      ],
    });
    const [own, specPath] = withSpecPaths(route);
    expect(own).toBe(route);
    expect(specPath).toMatchObject({ method: 'PUT', path: '/api/user/xthing', access: 'user' });
    expect(specPath!.summary).toContain('xthing (spec 01 §7)');
    expect(specPath!.params).toBeUndefined();
    expect(specPath!.specPaths).toBeUndefined();
    // The fixed field is not the caller's to send; the rest stays as strict as it was.
    expect(specPath!.body).toMatchObject({ required: ['code'], additionalProperties: false });
    expect(Object.keys((specPath!.body as typeof body).properties)).toEqual(['code']);
  });

  it('keeps the route’s parameters at a spec path that names them all', () => {
    const route = defineRoute({
      ...base,
      specPaths: [{ name: 'update/{id}', method: 'PUT', path: '/api/user/update/:userId/:provider' }],
    });
    expect(withSpecPaths(route)[1]!.params).toBe(params);
  });

  it('serves a public route’s spec path with the route’s own parameters', () => {
    const route = defineRoute({
      ...base,
      access: 'public',
      path: '/api/auth/thing',
      params: undefined,
      specPaths: [{ name: 'resetthing', method: 'PUT', path: '/api/user/resetthing' }],
    });
    expect(withSpecPaths(route)[1]).toMatchObject({ method: 'PUT', path: '/api/user/resetthing', access: 'public' });
  });

  it('refuses a spec path that leaves a parameter unfilled, names only some, or leaves one out of a public route', () => {
    expect(() => defineRoute({ ...base, specPaths: [{ name: 'a', method: 'POST', path: '/api/user/a' }] })).toThrow(
      /every path parameter/,
    );
    expect(() =>
      defineRoute({ ...base, specPaths: [{ name: 'b', method: 'POST', path: '/api/user/b/:userId' }] }),
    ).toThrow(/every path parameter/);
    expect(() =>
      defineRoute({
        ...base,
        access: 'public',
        specPaths: [{ name: 'c', method: 'POST', path: '/api/user/c', params: { provider: 'x' } }],
      }),
    ).toThrow(/only a signed-in route/);
    expect(() =>
      defineRoute({
        ...base,
        access: 'service',
        services: ['orders'],
        specPaths: [{ name: 'd', method: 'POST', path: '/api/user/d/:userId/:provider' }],
      }),
    ).toThrow(/decision 029/);
  });
});
