import * as contract from '@account-centre/contract';
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_HANDOFF_PATH,
  OAuthCallbackParams,
  OAuthCallbackQuery,
  OAuthHandoffQuery,
  type RouteDef,
  uploadAvatarRoute,
  withSpecPaths,
} from '@account-centre/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail, type Registered } from '../helpers/auth.js';
import { tableRowCounts } from '../helpers/row-counts.js';
import { dialects, errorLog, suiteTestApp } from '../helpers/test-app.js';
import { type FuzzRequest, junkRequests, type JsonSchema, mischievousRequests, type RouteSchemas } from './mischief.js';

/**
 * Schema-driven fuzzing of every route of the OpenAPI document, on both databases (docs/architecture.md#tests): requests built from each route's own schemas, each carrying mischief the contract
 * refuses (mischief.ts), signed in as a real user with its own id in the path and signed out.
 * Every answer is a 4xx — never a 5xx — and no table gains or loses a row.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run … fuzz.test.ts
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_122);
/**
 * Requests per route: 115 operations × 60, each followed by a count of every table, took 5 s on
 * SQLite and 28 s on PostgreSQL on an idle machine (2026-11-28), well inside the test's limit.
 */
const RUNS_PER_ROUTE = 60;

// Each route with the spec's paths it is also served at (decision 007).
const contractRoutes = (Object.values(contract) as unknown[])
  .filter(
    (value): value is RouteDef =>
      typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'access' in value,
  )
  .flatMap(withSpecPaths);

/** `METHOD /path` as the OpenAPI document writes it. */
const operationOf = (route: { method: string; path: string }) =>
  `${route.method} ${route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;

/**
 * Routes added lately, named so that the sweeps are seen to reach them: the fuzzing below walks
 * the OpenAPI document, the :userId guard (user-guard.test.ts) and the address-token check
 * (token-in-address.test.ts) walk the contract routes the app serves.
 */
const recentRoutes = [
  contract.listTemplateCreditAdditionsRoute,
  contract.unreadNotificationsRoute,
  ...withSpecPaths(contract.unreadNotificationsRoute),
];

/** Every route's request schemas, by `METHOD /path` as the OpenAPI document writes it. */
const schemasByOperation = new Map<string, RouteSchemas>(
  [
    ...contractRoutes.map((route): RouteSchemas => ({
      method: route.method,
      path: route.path,
      access: route.access,
      ...(route.services ? { services: route.services } : {}),
      idempotent: route.idempotent === true,
      params: route.params as JsonSchema | undefined,
      querystring: route.querystring as JsonSchema | undefined,
      body: route.body as JsonSchema | undefined,
      // Its body is a multipart upload that the route reads itself, so it has no body schema.
      multipart: route === uploadAvatarRoute,
    })),
    // The third-party sign-in pages answer HTML, not an envelope, so they are not contract routes;
    // their request schemas are.
    ...[OAUTH_HANDOFF_PATH, OAUTH_CALLBACK_PATH].map((path): RouteSchemas => ({
      method: 'GET',
      path,
      access: 'public',
      params: OAuthCallbackParams as JsonSchema,
      querystring: (path === OAUTH_CALLBACK_PATH ? OAuthCallbackQuery : OAuthHandoffQuery) as JsonSchema,
    })),
  ].map((route) => [operationOf(route), route]),
);

/** Each database's answers, request by request (the seed makes both runs send the same requests). */
const answers: Record<string, string[]> = {};

// A run in steps, in the order written even when tests are shuffled: each database is sent the
// requests, then what they did is checked, then the two databases' answers are compared.
describe('schema-driven fuzzing', { shuffle: false }, () => {
  describe.each(dialects)('of every route on $name', (dialect) => {
    const log = errorLog();
    const t = suiteTestApp(dialect, {}, { logger: log.logger });
    let user: Registered;
    let operations: string[];

    beforeAll(async () => {
      user = await registerByEmail(t);
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
    });

    it('has the request schemas of every route of the OpenAPI document', () => {
      expect(operations.length).toBeGreaterThan(50);
      expect(operations.filter((operation) => !schemasByOperation.has(operation))).toEqual([]);
    });

    // A route the app does not serve, or serves outside the document, would drop out of every
    // sweep that walks them without a word.
    it('fuzzes every route of the contract: each is served and in the OpenAPI document, the newest too', () => {
      const missing = contractRoutes.filter(
        (route) =>
          !operations.includes(operationOf(route)) || !t.app.hasRoute({ method: route.method, url: route.path }),
      );
      expect(missing.map(operationOf)).toEqual([]);
      expect(operations).toEqual(expect.arrayContaining(recentRoutes.map(operationOf)));
      expect(recentRoutes.map(operationOf)).toEqual(
        expect.arrayContaining([
          'GET /api/user/{userId}/coupontemplate/added',
          'GET /api/user/{userId}/notification/exists',
          'GET /api/user/notification/exists',
        ]),
      );
    });

    const send = (request: FuzzRequest) =>
      t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });

    it(
      'refuses every mischievous request with a 4xx, never a 5xx, and writes nothing',
      { timeout: 120_000 },
      async () => {
        const counts = await tableRowCounts(t);
        expect(Object.keys(counts)).toEqual(
          expect.arrayContaining(['users', 'sessions', 'orders', 'invoices', 'devices']),
        );
        const byStatus: Record<number, number> = {};
        const answered = (answers[dialect.name] = [] as string[]);
        for (const operation of operations) {
          const route = schemasByOperation.get(operation) as RouteSchemas;
          const requests = mischievousRequests(route, { userId: user.user_id, token: user.token });
          // A public route that takes no input (health, the provider list) can refuse nothing: it is
          // sent junk it never reads, and must still answer below 500 and write nothing.
          const arbitrary = requests ?? junkRequests(route, user);
          await fc.assert(
            fc.asyncProperty(arbitrary, async (request) => {
              const res = await send(request);
              byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
              answered.push(`${operation} → ${res.statusCode}`);
              const what = `${operation}: ${request.method} ${request.url.slice(0, 200)} [${request.mischief.join('; ')}] → ${res.statusCode} ${res.body.slice(0, 300)}`;
              expect(res.statusCode, what).toBeLessThan(500);
              if (requests) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
              expect(await tableRowCounts(t), what).toEqual(counts);
            }),
            { seed, numRuns: RUNS_PER_ROUTE },
          );
        }
        // The mischief was met where it should be: at the contract (400), the credential check (401),
        // the :userId guard (403), or the body parser (413, 415).
        expect(byStatus[400]).toBeGreaterThan(0);
        expect(byStatus[401]).toBeGreaterThan(0);
        expect(byStatus[403]).toBeGreaterThan(0);
      },
    );

    it('kept the user signed in: no refused request acted on the account', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user/${user.user_id}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode).toBe(200);
    });

    it('wrote no unhandled error to the log', () => {
      expect(log.lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    });
  });

  describe.runIf(dialects.length > 1)('on both databases', () => {
    it('answered every request the same on SQLite and PostgreSQL', () => {
      expect(answers.postgres?.length).toBeGreaterThan(1000);
      expect(answers.postgres).toEqual(answers.sqlite);
    });
  });
});
