import { type BalanceKind, GrantErrors } from '@account-centre/contract';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { eraseAccount } from '../account/close.service.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { expectLedgerAgrees } from '../../../test/helpers/ledger.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { balance, expireDue, grant, type GrantWhat, history, revoke, spend } from './grants.service.js';

const DAY = 86_400;

describeOnEachDialect('grants and ledgers on $name', (t) => {
  let db: Db;
  /** The balances a test touched, checked against the ledger after it. */
  let touched: { userId: number; kind: BalanceKind }[] = [];

  beforeAll(async () => {
    db = t.app.db;
  });
  afterEach(async () => {
    const checked = touched;
    touched = [];
    for (const { userId, kind } of checked) await expectLedgerAgrees(db, userId, kind, t.clock.now());
  });

  const now = () => t.clock.now();
  const person = async (kind: BalanceKind = 'ai_points') => {
    const { userId } = await testUser(t);
    touched.push({ userId, kind });
    return userId;
  };
  let sourceSeq = 0;
  const give = (userId: number, what: GrantWhat, sourceId = `order-${++sourceSeq}`) =>
    db
      .transaction()
      .execute((trx) => grant(trx, userId, what, { kind: 'order', id: sourceId, reason: 'bought' }, now()));
  const use = (userId: number, amount: number, reference = 'AI_MIND_MAP', kind: BalanceKind = 'ai_points') =>
    db.transaction().execute((trx) => spend(trx, userId, kind, amount, reference, now()));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error,
    );

  it('draws a use from the grant that expires soonest, and names every grant it drew from', async () => {
    const userId = await person();
    const late = (await give(userId, { kind: 'ai_points', amount: 100, expiresAt: now() + 30 * DAY })).grant;
    const never = (await give(userId, { kind: 'ai_points', amount: 50 })).grant;
    const soon = (await give(userId, { kind: 'ai_points', amount: 100, expiresAt: now() + 10 * DAY })).grant;

    const draws = await use(userId, 150, 'AI_PPT');
    expect(draws).toEqual([
      { grantId: soon.id, amount: 100, expiresAt: now() + 10 * DAY },
      { grantId: late.id, amount: 50, expiresAt: now() + 30 * DAY },
    ]);
    expect(await balance(db, userId, 'ai_points', now())).toBe(100);

    // A grant without an expiry is drawn last.
    expect((await use(userId, 60)).map((d) => [d.grantId, d.amount])).toEqual([
      [late.id, 50],
      [never.id, 10],
    ]);

    const { data, count } = await history(db, userId, 'ai_points', { page: 1, pageSize: 10 });
    expect(count).toBe(7);
    const spends = data.filter((row) => row.reason === 'spend');
    expect(spends.map((row) => [row.grant_id, Number(row.delta), row.reference])).toEqual([
      [never.id, -10, 'AI_MIND_MAP'],
      [late.id, -50, 'AI_MIND_MAP'],
      [late.id, -50, 'AI_PPT'],
      [soon.id, -100, 'AI_PPT'],
    ]);
    // Pages are newest first and count every entry.
    const second = await history(db, userId, 'ai_points', { page: 2, pageSize: 5 });
    expect(second.data.map((row) => row.reason)).toEqual(['grant', 'grant']);
    expect(second.count).toBe(7);
  });

  it('never draws from an expired grant, and closes its remainder with an expire entry', async () => {
    const userId = await person();
    const expiring = (await give(userId, { kind: 'ai_points', amount: 40, expiresAt: now() + DAY })).grant;
    await give(userId, { kind: 'ai_points', amount: 5 });
    t.clock.advance(DAY);

    expect(await balance(db, userId, 'ai_points', now())).toBe(5);
    const error = await refusal(use(userId, 6));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ httpStatus: 409, msg: GrantErrors.overLimit.msg });
    // The refused use left nothing behind: the 5 it could have drawn are still there.
    expect(await balance(db, userId, 'ai_points', now())).toBe(5);

    expect(await db.transaction().execute((trx) => expireDue(trx, userId, 'ai_points', now()))).toBe(40);
    const entries = await history(db, userId, 'ai_points', { page: 1, pageSize: 10 });
    expect(entries.data[0]).toMatchObject({ reason: 'expire', grant_id: expiring.id, delta: -40 });
    // Once closed, it is not closed again.
    expect(await db.transaction().execute((trx) => expireDue(trx, userId, 'ai_points', now()))).toBe(0);
  });

  it('lets concurrent uses spend exactly what there is, never more', async () => {
    const userId = await person();
    await give(userId, { kind: 'ai_points', amount: 60, expiresAt: now() + DAY });
    await give(userId, { kind: 'ai_points', amount: 40 });

    // 20 uses of 7 want 140 of 100: 14 fit (98), 6 are refused.
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => use(userId, 7, `call-${i}`)));
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(14);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 409, msg: GrantErrors.overLimit.msg });
    expect(await balance(db, userId, 'ai_points', now())).toBe(2);
    const spent = await db
      .selectFrom('ledger_entries')
      .select(['reference'])
      .where('user_id', '=', userId)
      .where('reason', '=', 'spend')
      .execute();
    // Every successful use is in the ledger, and no refused one.
    expect(new Set(spent.map((row) => row.reference)).size).toBe(14);
  });

  it('grants once per source: the same order settled twice gives one grant', async () => {
    const userId = await person('template_credit');
    const first = await give(userId, { kind: 'template_credit', amount: 20 }, 'ORDER-209-1');
    const again = await give(userId, { kind: 'template_credit', amount: 20 }, 'ORDER-209-1');
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.grant.id).toBe(first.grant.id);
    expect(await balance(db, userId, 'template_credit', now())).toBe(20);

    // The same order's other extras are grants of other kinds.
    const points = await give(userId, { kind: 'ai_points', amount: 6666 }, 'ORDER-209-1');
    expect(points.created).toBe(true);
    touched.push({ userId, kind: 'ai_points' });

    // Settled twice at once: still one grant.
    const racing = await Promise.all([
      give(userId, { kind: 'template_credit', amount: 5 }, 'ORDER-209-2'),
      give(userId, { kind: 'template_credit', amount: 5 }, 'ORDER-209-2'),
    ]);
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(await balance(db, userId, 'template_credit', now())).toBe(25);
  });

  it('revokes what is left of a grant with a ledger entry, once', async () => {
    const userId = await person();
    const given = (await give(userId, { kind: 'ai_points', amount: 100 })).grant;
    await use(userId, 30);
    const revoked = await db.transaction().execute((trx) => revoke(trx, given.id, 'refund ORDER-1', now()));
    expect(revoked).toMatchObject({ remaining: 0, revoked_at: now(), revoke_reason: 'refund ORDER-1' });
    expect(await balance(db, userId, 'ai_points', now())).toBe(0);
    const latest = (await history(db, userId, 'ai_points', { page: 1, pageSize: 1 })).data[0];
    expect(latest).toMatchObject({ reason: 'revoke', grant_id: given.id, delta: -70 });

    const again = await refusal(db.transaction().execute((trx) => revoke(trx, given.id, 'twice', now())));
    expect(again).toMatchObject({ httpStatus: 409, msg: GrantErrors.alreadyRevoked.msg });
    const missing = await refusal(db.transaction().execute((trx) => revoke(trx, 999_999, 'none', now())));
    expect(missing).toMatchObject({ httpStatus: 404, msg: GrantErrors.grantNotFound.msg });
    // A revoked grant is never drawn from.
    await give(userId, { kind: 'ai_points', amount: 1 });
    expect(await refusal(use(userId, 2))).toMatchObject({ msg: GrantErrors.overLimit.msg });
  });

  it('gives and takes back things held, without a ledger', async () => {
    const userId = await person();
    const course = (
      await give(userId, { kind: 'course', item: 'lesson-12', startsAt: now(), expiresAt: null }, 'LESSON-ORDER-1')
    ).grant;
    expect(course).toMatchObject({ kind: 'course', item: 'lesson-12', remaining: null, revoked_at: null });
    await db.transaction().execute((trx) => revoke(trx, course.id, 'refund', now()));
    const row = await db.selectFrom('grants').selectAll().where('id', '=', course.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(now());
    const events = await db
      .selectFrom('audit_events')
      .select('kind')
      .where('user_id', '=', userId)
      .where('kind', 'like', 'grant.%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['grant.given', 'grant.revoked']);
    expect((await history(db, userId, 'ai_points', { page: 1, pageSize: 10 })).count).toBe(0);
  });

  it('lets the database refuse a negative remainder and an edited ledger entry', async () => {
    const userId = await person();
    const given = (await give(userId, { kind: 'ai_points', amount: 3 })).grant;
    await expect(sql`UPDATE grants SET remaining = remaining - 4 WHERE id = ${given.id}`.execute(db)).rejects.toThrow(
      /check|constraint/i,
    );
    await expect(sql`UPDATE ledger_entries SET delta = 1000 WHERE user_id = ${userId}`.execute(db)).rejects.toThrow(
      /never edited/,
    );
    expect(await balance(db, userId, 'ai_points', now())).toBe(3);
  });

  it('refuses amounts that are not whole positive numbers, and uses outside a transaction', async () => {
    const userId = await person();
    for (const amount of [0, -5, 1.5, 2_000_000_000]) {
      expect(await refusal(give(userId, { kind: 'ai_points', amount }))).toMatchObject({ httpStatus: 400 });
    }
    await expect(spend(db, userId, 'ai_points', 1, 'x', now())).rejects.toThrow(/inside a transaction/);
    // Text that would not fit its column, and a period that ends before it starts.
    expect(await refusal(give(userId, { kind: 'ai_points', amount: 1 }, 'x'.repeat(65)))).toMatchObject({
      httpStatus: 400,
      detail: 'source id must have 1 to 64 characters',
    });
    expect(await refusal(give(userId, { kind: 'course', item: ' ' }))).toMatchObject({ httpStatus: 400 });
    expect(
      await refusal(give(userId, { kind: 'licence', item: 'max', startsAt: now(), expiresAt: now() - 1 })),
    ).toMatchObject({ detail: 'a period must end after it starts' });
    expect(await refusal(use(userId, 1, 'r'.repeat(201)))).toMatchObject({ httpStatus: 400 });
    expect(await refusal(history(db, userId, 'ai_points', { page: 0, pageSize: 10 }))).toMatchObject({
      httpStatus: 400,
    });
    // The database refuses them too, whoever writes (PostgreSQL by the column's length first).
    await expect(
      sql`INSERT INTO grants (user_id, kind, item, source_kind, source_id, reason, granted_at)
          VALUES (${userId}, 'course', 'c', 'operator', ${'y'.repeat(65)}, 'r', ${now()})`.execute(db),
    ).rejects.toThrow(/check|constraint|too long/i);
  });

  it('goes with the account when it is closed', async () => {
    const userId = await person();
    await give(userId, { kind: 'ai_points', amount: 10, expiresAt: now() + DAY });
    await give(userId, { kind: 'course', item: 'lesson-3' });
    await use(userId, 4);
    const actor = {
      userId,
      sessionId: '',
      region: 'domestic' as const,
      client: { ip: null, userAgent: null, deviceId: null },
    };
    await eraseAccount(t.app, actor, async () => undefined);
    expect(await db.selectFrom('grants').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('ledger_entries').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  describe('operator commands', () => {
    const admin = cliRunner(() => t);

    it('points:grant gives points once per reference, and grant:revoke takes them back', async () => {
      const userId = await person();
      const expires = now() + 7 * DAY;
      const args = ['--user', String(userId), '--amount', '500', '--reason', 'apology for the outage'];
      const res = await admin('points:grant', ...args, '--expires', String(expires), '--reference', 'TICKET-9');
      expect(res.code).toBe(0);
      expect(res.json).toMatchObject({ created: true, balance: 500 });
      expect(res.json.grant).toMatchObject({
        kind: 'ai_points',
        amount: 500,
        expires_at: expires,
        source_kind: 'operator',
      });

      const again = await admin('points:grant', ...args, '--reference', 'TICKET-9');
      expect(again.json).toMatchObject({ created: false, balance: 500 });

      const credit = await admin('points:grant', ...args, '--kind', 'template_credit');
      expect(credit.json).toMatchObject({ created: true, balance: 500 });
      touched.push({ userId, kind: 'template_credit' });

      const revoked = await admin('grant:revoke', '--grant', String(res.json.grant.id), '--reason', 'granted in error');
      expect(revoked.code).toBe(0);
      expect(await balance(db, userId, 'ai_points', now())).toBe(0);

      const unknown = await admin('points:grant', '--user', '999999', '--amount', '1', '--reason', 'x');
      expect(unknown.code).toBe(1);
      const bad = await admin('points:grant', '--user', String(userId), '--amount', 'lots', '--reason', 'x');
      expect(bad.error.error).toBe('--amount must be a whole number');
    });
  });
});
