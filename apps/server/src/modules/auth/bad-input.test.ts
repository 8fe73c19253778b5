import * as contract from '@account-centre/contract';
import { AccessTokenErrors, type RouteDef } from '@account-centre/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered, rowCounts } from '../../../test/helpers/auth.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';

/** Every msg a refused request may carry: stable strings the web app maps to text. */
const stableMsgs = ['invalid request', 'unauthorized', 'token expired', 'payload too large', 'unsupported media type'];

const email = 'someone@example.com';
const long = (n: number) => 'a'.repeat(n);

/** A well-formed body of each sign-in route, and bodies that must be refused. */
const cases: Record<string, { valid?: Record<string, unknown>; invalid: Record<string, unknown>[] }> = {
  'POST /api/auth/code': {
    valid: { purpose: 1, email },
    invalid: [
      { purpose: '1', email },
      { purpose: 1, email: 5 },
      { purpose: 1, email: 'not-an-email' },
      { purpose: 1, email: `${long(250)}@example.com` },
      { purpose: 1, mobile: '12345' },
      { purpose: 1, mobile: 13812345678 },
      { purpose: 1, email, mobile: '13812345678' },
      { purpose: 1 },
      { purpose: 1, email, extra: true },
      { purpose: null, email },
    ],
  },
  'POST /api/auth/register': {
    valid: { email, password: 'Correct-Horse-42', code: '123456' },
    invalid: [
      { email, password: 'Correct-Horse-42', code: 123456 },
      { email, password: 'Correct-Horse-42', code: '12345a' },
      { email, password: 'short', code: '123456' },
      { email, password: long(129), code: '123456' },
      { email, password: ['Correct-Horse-42'], code: '123456' },
      { email, code: '123456' },
      { email, mobile: '13812345678', password: 'Correct-Horse-42', code: '123456' },
      { email, password: 'Correct-Horse-42', code: '123456', region: 'domestic' },
      { email: { $ne: '' }, password: 'Correct-Horse-42', code: '123456' },
    ],
  },
  'POST /api/auth/login': {
    valid: { account: email, password: 'whatever' },
    invalid: [
      { account: 'ab', password: 'whatever' },
      { account: long(255), password: 'whatever' },
      { account: email, password: '' },
      { account: email, password: long(129) },
      { account: email, code: '1234567' },
      { account: email, password: 'whatever', code: '123456' },
      { account: 5, password: 'whatever' },
      { account: email },
      { account: email, password: 'whatever', remember: true },
    ],
  },
  'POST /api/auth/refresh': {
    valid: { refresh_token: long(43) },
    invalid: [
      { refresh_token: long(15) },
      { refresh_token: long(201) },
      { refresh_token: 5 },
      {},
      { refresh_token: long(43), x: 1 },
    ],
  },
  'POST /api/auth/logout': { invalid: [] },
  'POST /api/auth/password/reset': {
    valid: { account: email, code: '123456', password: 'Correct-Horse-42' },
    invalid: [
      { account: email, code: '123456' },
      { account: email, code: '123456', password: long(129) },
      { account: email, code: 'abcdef', password: 'Correct-Horse-42' },
      { account: long(300), code: '123456', password: 'Correct-Horse-42' },
      { account: email, code: '123456', password: 'Correct-Horse-42', user_id: 1 },
    ],
  },
  'POST /api/auth/ticket': { invalid: [] },
  'POST /api/auth/ticket/exchange': {
    valid: { ticket: long(43) },
    invalid: [{ ticket: long(10) }, { ticket: long(201) }, { ticket: 12 }, {}, { ticket: long(43), user_id: 1 }],
  },
};

const authRoutes = (Object.values(contract) as unknown[]).filter(
  (value): value is RouteDef =>
    typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'access' in value,
);
// Third-party sign-in routes take a provider in the path and answer browsers, not JSON
// clients; their refusals (unknown provider, tampered state, replays) are in modules/oauth.
const signInRoutes = authRoutes.filter(
  (route) => route.path.startsWith('/api/auth/') && !route.path.startsWith('/api/auth/oauth/'),
);

/** `alsoStable`: a msg this request may answer beside the stable ones (a token in its address). */
function expectRefusal(res: LightMyRequestResponse, status?: number, alsoStable: readonly string[] = []) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.status).toBe('error');
  expect(typeof body.code).toBe('number');
  expect([...stableMsgs, ...alsoStable]).toContain(body.msg);
  expect(res.body).not.toMatch(/stack|\bat .+:\d+:\d+|Error:/);
}

describeOnEachDialect('bad input to the sign-in service on $name', (t) => {
  let before: Record<string, number>;
  const expectNothingWritten = async () => expect(await rowCounts(t)).toEqual(before);

  it('has bad-input cases for every sign-in route of the contract', () => {
    expect(signInRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(cases).sort());
  });

  describe.each(signInRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (key, route) => {
    const { valid, invalid } = cases[key] ?? { invalid: [] };
    const hasBody = route.body !== undefined;
    // Each route gets its own signed-in user: a request that slipped through to logout must
    // not sign out the caller of the next route's tests.
    let user: Registered;
    beforeAll(async () => {
      user = await registerByEmail(t);
    });
    beforeEach(async () => {
      before = await rowCounts(t);
    });

    const send = (payload: string | Record<string, unknown> | undefined, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: route.method,
        url: route.path,
        headers: {
          'content-type': 'application/json',
          ...(route.access === 'user' ? bearer(user.token) : {}),
          ...extra,
        },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });

    it('refuses malformed JSON', async () => {
      for (const payload of ['{"purpose": 1,', '{', '{"a": 1}}', '\u0000']) {
        expectRefusal(await send(payload), 400);
      }
      await expectNothingWritten();
    });

    it.runIf(hasBody)('refuses JSON that is not an object', async () => {
      for (const payload of ['null', '[]', '"text"', '42']) {
        expectRefusal(await send(payload), 400);
      }
      await expectNothingWritten();
    });

    it('refuses a body of another media type and one over the size limit', async () => {
      expectRefusal(await send('<a/>', { 'content-type': 'application/xml' }), 415);
      expectRefusal(await send('a=b', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
      if (hasBody) expectRefusal(await send(JSON.stringify(valid ?? {}), { 'content-type': 'text/plain' }), 400);
      expectRefusal(await send(JSON.stringify({ ...valid, pad: long(70 * 1024) })), 413);
      await expectNothingWritten();
    });

    it.runIf(invalid.length > 0)('refuses wrong types, oversize strings, unknown and missing fields', async () => {
      for (const payload of invalid) {
        const res = await send(payload);
        expectRefusal(res, 400);
        expect(res.json().msg, JSON.stringify(payload)).toBe('invalid request');
      }
      if (valid) expectRefusal(await send(undefined), 400);
      await expectNothingWritten();
    });

    it.runIf(route.access === 'user')('refuses absent, unknown and malformed tokens with 401', async () => {
      const attempts = [
        {},
        bearer('not-a-real-token-not-a-real-token-000'),
        bearer(long(300)),
        { authorization: 'Bearer' },
        { authorization: `Basic ${user.token}` },
        { authorization: user.token },
      ];
      for (const auth of attempts) {
        const res = await t.app.inject({ method: route.method, url: route.path, headers: auth });
        expectRefusal(res, 401);
        expect(res.json().msg).toBe('unauthorized');
      }
      const repeated = await t.app.inject({
        method: route.method,
        url: `${route.path}?token=${user.token}&token=${user.token}`,
      });
      expectRefusal(repeated, 401, [AccessTokenErrors.tokenInAddress.msg]);
      await expectNothingWritten();
    });
  });
});
