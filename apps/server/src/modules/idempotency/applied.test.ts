import {
  defineRoute,
  Envelope,
  IdempotencyErrors,
  IDEMPOTENCY_KEY_WINDOW,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { createTestApp, dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { ok, registerRoute } from '../../lib/register-route.js';
import { balance, grant, spend } from '../grants/grants.service.js';
import { requestFingerprint } from './fingerprint.js';
import { completeClaim } from './idempotency.repository.js';
import { ABANDONED_AFTER, claimKey, markApplied } from './idempotency.service.js';

/**
 * A route whose effect cannot guard itself: every run spends points again (a ledger movement per
 * call). Only the key's mark, committed with the spend, keeps a retry from spending twice when
 * the first request's answer was lost (docs/decisions/018, "closing the window").
 */
const spendRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/test-spend',
  summary: 'Spends 10 AI points (test route)',
  tags: ['test'],
  access: 'user',
  idempotent: true,
  params: Type.Object(
    { userId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
    { additionalProperties: false },
  ),
  body: Type.Object(
    { fail: Type.Union([Type.Literal('none'), Type.Literal('after-commit'), Type.Literal('in-transaction')]) },
    { additionalProperties: false },
  ),
  reply: Envelope(Type.Object({ spent: Type.Integer() })),
});

const SPEND = 10;

async function spendRoutes(app: FastifyInstance) {
  registerRoute(app, spendRoute, async ({ caller, body, idempotency }) => {
    await app.db.transaction().execute(async (trx) => {
      await spend(trx, caller.userId, 'ai_points', SPEND, 'test feature', app.clock.now());
      await idempotency.markApplied(trx);
      if (body.fail === 'in-transaction') throw new Error('the work failed before it committed');
    });
    if (body.fail === 'after-commit') throw new Error('the answer failed after the work committed');
    return ok({ spent: SPEND });
  });
}

describe.each(dialects)('a key marked applied with its work, on $name', (dialect) => {
  const t = suiteTestApp(dialect, {}, { routes: spendRoutes });
  let user: TestUser;
  let keys = 0;
  const newKey = () => `applied-${dialect.name}-${++keys}`;

  beforeAll(async () => {
    user = await testUser(t, { region: 'overseas' });
    await t.app.db
      .transaction()
      .execute((trx) =>
        grant(
          trx,
          user.userId,
          { kind: 'ai_points', amount: 1_000 },
          { kind: 'operator', id: 'start', reason: 'test' },
          t.clock.now(),
        ),
      );
  });

  const points = () => balance(t.app.db, user.userId, 'ai_points', t.clock.now());
  const post = (fail: 'none' | 'after-commit' | 'in-transaction', key: string) =>
    call(t, spendRoute, { as: user, body: { fail }, headers: { 'idempotency-key': key } });
  const keyRow = (key: string) =>
    t.app.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  it('marks the key in the work’s transaction and replays the answer without spending again', async () => {
    const before = await points();
    const key = newKey();
    const first = await post('none', key);
    expect(first.status, first.raw.body).toBe(200);
    expect((await keyRow(key))?.applied_at).toBe(t.clock.now());
    const again = await post('none', key);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await points()).toBe(before - SPEND);
  });

  it('stores the failure that came after the work committed, so a retry hears it and spends nothing', async () => {
    const before = await points();
    const key = newKey();
    const failed = await post('after-commit', key);
    expect(failed.status).toBe(500);
    expect(await points()).toBe(before - SPEND);

    const retry = await post('after-commit', key);
    expect(retry.status).toBe(500);
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await points()).toBe(before - SPEND);
  });

  it('leaves no mark when the work rolled back: the key is given up and a retry runs', async () => {
    const before = await points();
    const key = newKey();
    expect((await post('in-transaction', key)).status).toBe(500);
    expect(await keyRow(key)).toBeUndefined();
    expect(await points()).toBe(before);

    expect((await post('none', key)).status).toBe(200);
    expect(await points()).toBe(before - SPEND);
  });

  /** A key another instance claimed and then died holding, before its work committed. */
  const abandonedKey = async (key: string) => {
    await t.app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.userId,
        idempotency_key: key,
        method: 'POST',
        route: spendRoute.path,
        fingerprint: requestFingerprint({ params: { userId: user.userId }, query: {}, body: { fail: 'none' } }),
        created_at: t.clock.now(),
        expires_at: t.clock.now() + IDEMPOTENCY_KEY_WINDOW,
      })
      .execute();
    t.clock.advance(ABANDONED_AFTER);
  };

  /**
   * What a process killed between the work's commit and the answer's store leaves behind: the
   * request's own claim and its work, marked applied in the work's transaction, both committed;
   * no answer. Made by the code a request runs (the claim, the route's work and its mark), with
   * the step that stores the answer never reached, as after a SIGKILL.
   */
  const crashedAfterCommit = async (key: string) => {
    const outcome = await claimKey(
      t.app.db,
      { userId: user.userId, method: 'POST', route: spendRoute.path, key },
      requestFingerprint({ params: { userId: user.userId }, query: {}, body: { fail: 'none' } }),
      { now: () => t.clock.now() },
    );
    if (outcome.kind !== 'claimed') throw new Error('the key should have been free');
    await t.app.db.transaction().execute(async (trx) => {
      await spend(trx, user.userId, 'ai_points', SPEND, 'test feature', t.clock.now());
      await markApplied(trx, outcome.claim, t.clock.now());
    });
  };

  it('answers "already applied" to every retry of a key whose work committed before its process died', async () => {
    const before = await points();
    const key = newKey();
    await crashedAfterCommit(key);
    expect(await points()).toBe(before - SPEND);

    // At once (after the short wait for an answer that never comes), and long after.
    for (const later of [0, ABANDONED_AFTER, IDEMPOTENCY_KEY_WINDOW - ABANDONED_AFTER - 1]) {
      t.clock.advance(later);
      await user.signInAgain();
      const retry = await post('none', key);
      expect(retry.status, retry.raw.body).toBe(IdempotencyErrors.idempotencyKeyApplied.status);
      expect(retry.body.msg).toBe(IdempotencyErrors.idempotencyKeyApplied.msg);
      expect(await points()).toBe(before - SPEND);
    }
    // The same key with another body is still another request.
    const other = await post('after-commit', key);
    expect(other.body.msg).toBe(IdempotencyErrors.idempotencyKeyReused.msg);
    expect(await points()).toBe(before - SPEND);
  });

  it('replays the real answer when the first request stores it after a duplicate heard "already applied"', async () => {
    const before = await points();
    const key = newKey();
    await crashedAfterCommit(key);
    expect((await post('none', key)).body.msg).toBe(IdempotencyErrors.idempotencyKeyApplied.msg);
    // The first request was slow, not dead: its answer arrives after all.
    const row = await keyRow(key);
    const body = JSON.stringify({ status: 'ok', data: { spent: SPEND } });
    await completeClaim(t.app.db, { id: row!.id, createdAt: row!.created_at }, 200, body, t.clock.now());
    const replay = await post('none', key);
    expect(replay.raw.body).toBe(body);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await points()).toBe(before - SPEND);
  });

  it('takes over an abandoned key whose work never committed, and runs it once', async () => {
    const before = await points();
    const key = newKey();
    await abandonedKey(key);
    expect((await post('none', key)).status).toBe(200);
    expect(await points()).toBe(before - SPEND);
  });

  it('refuses to mark from a route that does not declare idempotency', async () => {
    const plain = { ...spendRoute, idempotent: undefined, path: '/api/user/:userId/test-plain' };
    const other = await createTestApp(
      dialect,
      {},
      {
        routes: async (app) =>
          registerRoute(app, plain, async ({ idempotency }) => {
            await app.db.transaction().execute((trx) => idempotency.markApplied(trx));
            return ok({ spent: 0 });
          }),
      },
    );
    try {
      const someone = await testUser(other);
      const res = await call(other, plain, { as: someone, body: { fail: 'none' } });
      expect(res.status).toBe(500);
    } finally {
      await other.close();
    }
  });
});
