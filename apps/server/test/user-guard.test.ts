import * as contract from '@account-centre/contract';
import { buildPath, type RouteDef, withSpecPaths } from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered } from './helpers/auth.js';
import { call } from './helpers/call.js';
import { createTestApp, dialects, type TestApp } from './helpers/test-app.js';
import { asCaller } from './helpers/users.js';

/**
 * DESIGN.md §3: a `{userId}` in a path that is not the token's user → 403, always. This walks
 * every route of the contract whose path has `:userId` and that the app serves, with a
 * well-formed request (so that validation passes and the guard is what answers) for another
 * user's id.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

/** Strings tried against a pattern, in order; extend when a new route's pattern needs one. */
const candidateStrings = [
  'sample',
  'someone@example.com',
  '13812345678',
  '123456',
  '2000-01-01',
  'DE',
  'ABCD-1234-EFGH-5678',
  'ORDER123456',
  'max',
  'zh',
  '1',
  'a1',
  '20261127093000123456',
  // A company invitation: company id, expiry, signature.
  '1.1800000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

/** A value valid under a JSON schema, for the shapes the contract uses. */
function sample(schema: JsonSchema, where: string): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((b) => b.type !== 'null') ?? (branches[0] as JsonSchema), where);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const name of schema.required ?? []) value[name] = sample(properties[name] ?? {}, `${where}.${name}`);
      for (const [name, property] of Object.entries(properties)) {
        if (Object.keys(value).length >= (schema.minProperties ?? 0)) break;
        if (!(name in value)) value[name] = sample(property, `${where}.${name}`);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, `${where}[]`));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
        (schema.format !== 'email' || value.includes('@'));
      const found = candidateStrings.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
      if (!fits(found)) throw new Error(`no sample string for ${where}: add one to candidateStrings`);
      return found;
    }
  }
}

// Each route with the spec's paths for it (`PUT update/{id}` has a `{userId}` of its own).
const userRoutes = (Object.values(contract) as unknown[])
  .filter(
    (value): value is RouteDef => typeof value === 'object' && value !== null && 'path' in value && 'access' in value,
  )
  .flatMap(withSpecPaths)
  .filter((route) => route.path.includes(':userId'));

describe.each(dialects)('the :userId guard on $name', (dialect) => {
  let t: TestApp;
  let caller: Registered;
  let other: Registered;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    caller = await registerByEmail(t);
    other = await registerByEmail(t);
  });
  afterAll(async () => t.close());

  const served = () => userRoutes.filter((route) => t.app.hasRoute({ method: route.method, url: route.path }));

  it('covers the user routes the app serves, including GET and PUT /api/user/:userId', () => {
    const keys = served().map((route) => `${route.method} ${route.path}`);
    expect(keys).toContain('GET /api/user/:userId');
    expect(keys).toContain('PUT /api/user/:userId');
    for (const route of served()) expect(route.access, `${route.method} ${route.path}`).toBe('user');
  });

  it('can build a well-formed request for every :userId route of the contract', () => {
    for (const route of userRoutes) {
      expect(() => {
        if (route.params) sample(route.params as JsonSchema, 'params');
        if (route.querystring) sample(route.querystring as JsonSchema, 'query');
        if (route.body) sample(route.body as JsonSchema, 'body');
      }, `${route.method} ${route.path}`).not.toThrow();
    }
  });

  it('refuses every :userId route with another user’s id, or an unknown one, with 403', async () => {
    const before = (await call(t, contract.getUserRoute, { as: asCaller(other), host: null })).body;
    // Each route's request is built from its schemas by the walk itself: sent by hand.
    for (const route of served()) {
      const params = (route.params ? sample(route.params as JsonSchema, 'params') : {}) as Record<
        string,
        string | number
      >;
      const query = route.querystring
        ? (sample(route.querystring as JsonSchema, 'query') as Record<string, unknown>)
        : {};
      const body = route.body ? sample(route.body as JsonSchema, 'body') : undefined;
      for (const userId of [other.user_id, other.user_id + 10_000]) {
        const res = await t.app.inject({
          method: route.method,
          url: buildPath(route.path, { ...params, userId }),
          query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
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
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
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
