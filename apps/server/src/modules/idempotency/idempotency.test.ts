import { CommonErrors, IdempotencyErrors, IDEMPOTENCY_KEY_WINDOW } from '@account-centre/contract';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { recordPlanOrder } from '../../../test/helpers/orders.js';
import { requestFingerprint } from './fingerprint.js';
import { refusal } from '../../../test/helpers/refusal.js';
import { ABANDONED_AFTER, claimKey } from './idempotency.service.js';

/**
 * Idempotent writes through a real route that declares them: the invoice request
 * (PUT /api/user/:userId/invoice). An overseas request issues the receipt at once and mails
 * it, so each run of the work writes one invoice row and one outbox message.
 */
describeOnEachDialect('idempotency keys on $name', (t, dialect) => {
  let buyer: TestUser;
  let other: TestUser;
  let keys = 0;

  beforeAll(async () => {
    buyer = await testUser(t, { region: 'overseas' });
    other = await testUser(t, { region: 'overseas' });
  });

  const newKey = () => `key-${dialect.name}-${++keys}-${Date.now()}`;

  const newOrder = async (who: TestUser) => (await recordPlanOrder(t, who, { amount: 9_900 })).order_id;

  const body = (who: TestUser, orderNo: string, title = 'Ada Lovelace') => ({
    order_id: orderNo,
    product: 'max',
    title_type: 'personal',
    title,
    email: who.email,
  });

  const put = (who: TestUser, payload: object, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${who.userId}/invoice`,
      headers: { ...who.headers(), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });

  /** The rows one run of the work writes: the order's invoice and the receipt's e-mail. */
  const effects = async (who: TestUser, orderNo: string) => {
    const invoices = await t.app.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select('invoices.order_id')
      .where('orders.order_no', '=', orderNo)
      .execute();
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', who.email)
      .where('subject', 'like', `%${orderNo}%`)
      .execute();
    return { invoices: invoices.length, mails: mails.length };
  };

  const keyRows = (key: string) =>
    t.app.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).execute();

  it('runs the work once for 20 concurrent duplicates; every other answer is the same success or "in use"', async () => {
    const orderNo = await newOrder(buyer);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => put(buyer, body(buyer, orderNo), key)));

    expect(await effects(buyer, orderNo)).toEqual({ invoices: 1, mails: 1 });
    const successes = answers.filter((res) => res.statusCode === 200);
    const inUse = answers.filter((res) => res.statusCode === 409);
    expect(successes.length + inUse.length, answers.map((res) => `${res.statusCode} ${res.body}`).join('\n')).toBe(20);
    expect(new Set(successes.map((res) => res.body)).size).toBe(1);
    expect(successes[0]?.json()).toMatchObject({ status: 'success', data: { order_id: orderNo } });
    // One answer ran the work; every other success is its stored answer.
    expect(successes.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const res of inUse)
      expect(res.json()).toEqual({ status: 'error', code: 0, msg: IdempotencyErrors.idempotencyKeyInUse.msg });
  });

  it('lets exactly one of 20 claims that reach the database together win the key', async () => {
    // HTTP requests reach the claim a little apart (each is signed in and validated first);
    // these start in the same tick, so a check before the insert would let several through.
    const scope = { userId: buyer.userId, method: 'PUT', route: '/api/user/:userId/invoice', key: newKey() };
    const claims = Array.from({ length: 20 }, () =>
      claimKey(t.app.db, scope, 'f'.repeat(64), { now: () => t.clock.now(), waitMs: 0 }),
    );
    const outcomes = await Promise.all(claims.map((claim) => refusal(claim)));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(
      Array.from({ length: 19 }, () => ({ status: 409, msg: IdempotencyErrors.idempotencyKeyInUse.msg })),
    );
    expect(await keyRows(scope.key)).toHaveLength(1);
  });

  it('replays a finished request: the identical stored answer, marked, and no second effect', async () => {
    const orderNo = await newOrder(buyer);
    const key = newKey();
    const first = await put(buyer, body(buyer, orderNo), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Without a key the same request is refused now ("only once"): the replay is not a re-run.
    expect((await put(buyer, body(buyer, orderNo))).statusCode).toBe(409);
    // Key order in the body is not part of the request's meaning.
    const reordered = Object.fromEntries(Object.entries(body(buyer, orderNo)).reverse());
    const again = await put(buyer, reordered, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 1, mails: 1 });
  });

  it('stores a refusal (4xx) and replays it', async () => {
    const key = newKey();
    const missing = body(buyer, 'ORD-NOT-THERE-1');
    const first = await put(buyer, missing, key);
    expect(first.statusCode).toBe(404);
    const again = await put(buyer, missing, key);
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with another request (409 reused) and runs nothing', async () => {
    const orderNo = await newOrder(buyer);
    const otherOrder = await newOrder(buyer);
    const key = newKey();
    expect((await put(buyer, body(buyer, orderNo), key)).statusCode).toBe(200);

    for (const changed of [body(buyer, orderNo, 'Another Title'), body(buyer, otherOrder)]) {
      const res = await put(buyer, changed, key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', code: 0, msg: IdempotencyErrors.idempotencyKeyReused.msg });
    }
    expect(await effects(buyer, otherOrder)).toEqual({ invoices: 0, mails: 0 });
  });

  it('keeps each user’s keys apart: another user’s request under the same key runs', async () => {
    const key = newKey();
    const mine = await newOrder(buyer);
    const theirs = await newOrder(other);
    expect((await put(buyer, body(buyer, mine), key)).statusCode).toBe(200);
    const res = await put(other, body(other, theirs), key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await effects(other, theirs)).toEqual({ invoices: 1, mails: 1 });
    expect((await keyRows(key)).map((row) => row.user_id).sort()).toEqual([buyer.userId, other.userId].sort());
  });

  it('forgets a key after 24 hours: it may carry a new request then, and expired keys are swept', async () => {
    const key = newKey();
    const first = await newOrder(buyer);
    expect((await put(buyer, body(buyer, first), key)).statusCode).toBe(200);
    const stale = newKey();
    expect((await put(buyer, body(buyer, 'ORD-NOT-THERE-2'), stale)).statusCode).toBe(404);

    t.clock.advance(IDEMPOTENCY_KEY_WINDOW - 1);
    await buyer.signInAgain();
    await other.signInAgain();
    const second = await newOrder(buyer);
    expect((await put(buyer, body(buyer, second), key)).statusCode).toBe(409);

    t.clock.advance(1);
    await buyer.signInAgain();
    const res = await put(buyer, body(buyer, second), key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await effects(buyer, second)).toEqual({ invoices: 1, mails: 1 });
    expect(await keyRows(key)).toHaveLength(1);
    expect(await keyRows(stale)).toEqual([]);
  });

  it('gives the key up when the work fails (5xx), so a retry runs it', async () => {
    const orderNo = await newOrder(buyer);
    const key = newKey();
    // The receipt's e-mail cannot be written: the request's transaction fails and rolls back.
    await sql`ALTER TABLE outbox RENAME TO outbox_unavailable`.execute(t.app.db);
    let failed;
    try {
      failed = await put(buyer, body(buyer, orderNo), key);
    } finally {
      await sql`ALTER TABLE outbox_unavailable RENAME TO outbox`.execute(t.app.db);
    }
    expect(failed.statusCode).toBe(500);
    expect(await keyRows(key)).toEqual([]);
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 0, mails: 0 });

    const retry = await put(buyer, body(buyer, orderNo), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 1, mails: 1 });
  });

  it('answers "in use" while the first request runs elsewhere, and takes over a key its instance abandoned', async () => {
    const orderNo = await newOrder(buyer);
    const key = newKey();
    const payload = body(buyer, orderNo);
    // Another instance claimed the key and has not answered yet.
    await t.app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: buyer.userId,
        idempotency_key: key,
        method: 'PUT',
        route: '/api/user/:userId/invoice',
        fingerprint: requestFingerprint({ params: { userId: buyer.userId }, query: {}, body: payload }),
        created_at: t.clock.now(),
        expires_at: t.clock.now() + IDEMPOTENCY_KEY_WINDOW,
      })
      .execute();

    const busy = await put(buyer, payload, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toBe(IdempotencyErrors.idempotencyKeyInUse.msg);
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 0, mails: 0 });

    // No request runs for minutes: that instance stopped before it could answer.
    t.clock.advance(ABANDONED_AFTER);
    const res = await put(buyer, payload, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 1, mails: 1 });
    expect((await put(buyer, payload, key)).headers['idempotent-replayed']).toBe('true');
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['a space', 'two words'],
    ['a control character', 'key\u0001'],
    ['non-ASCII', 'clé'],
  ])('refuses a key that is %s (400) and runs nothing', async (_, key) => {
    const orderNo = await newOrder(buyer);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${buyer.userId}/invoice`,
      headers: { ...buyer.headers(), 'idempotency-key': key },
      payload: body(buyer, orderNo),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(CommonErrors.invalidRequest.msg);
    expect(await effects(buyer, orderNo)).toEqual({ invoices: 0, mails: 0 });
  });

  it('accepts a key of 255 visible characters', async () => {
    const res = await put(buyer, body(buyer, await newOrder(buyer)), `${'~'.repeat(254)}!`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('documents the header on the routes that take it, and only there', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const headerOf = (path: string, method: string) =>
      (document.paths[path][method].parameters as { in: string; name: string }[]).find(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
    expect(headerOf('/api/user/{userId}/invoice', 'put')).toBeDefined();
    expect(headerOf('/api/user/{userId}/subscription/scheme-cancel', 'put')).toBeDefined();
    expect(headerOf('/api/user/{userId}/order', 'get')).toBeUndefined();
  });
});
