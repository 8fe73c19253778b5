import {
  listAiPointAcquisitionsRoute,
  ALL_PLATFORMS,
  cancelSubscriptionRoute,
  FOREVER_EXPIRY,
  getAllSubscriptionsRoute,
  getMindMapDevicesRoute,
  getOrdersRoute,
  LicenceLengthMs,
} from '@account-centre/contract';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect, dialects } from '../../../test/helpers/test-app.js';
import { hostOf, testUser } from '../../../test/helpers/users.js';
import type { Db } from '../../db/database.js';
import { migratorFor } from '../../db/migrate.js';
import { recordOrder, type RecordOrderInput } from '../orders/orders.service.js';
import { grantSubscription } from '../subscriptions/subscriptions.service.js';
import { balance, revoke } from './grants.service.js';

const YEAR = LicenceLengthMs.oneYear / 1000;

describeOnEachDialect('licences from grants on $name', (t) => {
  let db: Db;
  beforeAll(async () => {
    db = t.app.db;
  });

  const now = () => t.clock.now();
  const buy = (userId: number, facts: Partial<RecordOrderInput>) =>
    recordOrder(
      db,
      {
        userId,
        product: 'mindmaster',
        type: 209,
        productName: 'Mind map plan',
        amount: 28_000,
        channel: 'online',
        ...facts,
      },
      now(),
    );
  const orderGrant = (orderNo: string) =>
    db
      .selectFrom('grants')
      .selectAll()
      .where('source_kind', '=', 'order')
      .where('source_id', '=', orderNo)
      .where('kind', '=', 'licence')
      .executeTakeFirstOrThrow();
  const record = async (userId: number) =>
    (await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute())[0];

  it('records an order with its licence and its plan’s extras, once per order number', async () => {
    const person = await testUser(t);
    const { userId } = person;
    const order = await buy(userId, { type: 209, orderNo: 'STORE-209-A' });
    // The history names what the licence covers: the 1-year plan is all-platform.
    expect(order.platforms).toEqual([...ALL_PLATFORMS]);
    const chart = await buy(userId, { product: 'orgchart', type: 3, more: '500 people' });
    expect(chart).toMatchObject({ platforms: null, more: '500 people' });
    const history = (await call(t, getOrdersRoute, { as: person })).ok().data;
    expect(history.map((row) => row.platforms)).toEqual(expect.arrayContaining([null, [...ALL_PLATFORMS]]));
    const mind = await record(userId);
    expect(mind).toMatchObject({ product: 'mind', name: 'Mind map plan', order_type: 209, order_no: 'STORE-209-A' });
    for (const column of ['win_exp', 'online_exp', 'mobile_exp', 'ios_exp', 'android_exp'] as const) {
      expect(mind?.[column]).toBe(order.endDate);
    }
    expect(mind?.grant_id).toBe((await orderGrant('STORE-209-A')).id);
    // The 1-year plan's extras (spec 01 §9): ¥20 of template credit (the spec's 20 "coupons") and
    // 6666 AI points, a membership bonus.
    expect(await balance(db, userId, 'template_credit', now())).toBe(2000);
    expect(await balance(db, userId, 'ai_points', now())).toBe(6666);
    expect((await call(t, listAiPointAcquisitionsRoute, { as: person })).ok().data).toEqual([
      expect.objectContaining({ method: 'Membership_Bonus', source: 2, total_points: 6666 }),
    ]);

    // The same store order again is refused and changes nothing.
    await expect(buy(userId, { type: 216, orderNo: 'STORE-209-A' })).rejects.toMatchObject({ httpStatus: 409 });
    expect(await record(userId)).toEqual(mind);
    expect(await balance(db, userId, 'ai_points', now())).toBe(6666);
  });

  it('never lets a later, shorter purchase cut a longer one, and takes back exactly what a revoked one gave', async () => {
    const person = await testUser(t);
    const { userId } = person;
    const lifetime = await buy(userId, { type: 214, orderNo: 'LIFETIME-1', productName: 'Lifetime plan' });
    const yearly = await buy(userId, { type: 209, orderNo: 'YEARLY-1', productName: 'Yearly plan' });
    expect(await record(userId)).toMatchObject({
      win_exp: FOREVER_EXPIRY,
      name: 'Lifetime plan',
      order_no: 'LIFETIME-1',
    });
    const slots = async () => (await call(t, getMindMapDevicesRoute, { as: person })).ok().limit;
    expect(await slots()).toBe(3);

    const takeBack = async (orderNo: string) => {
      const { id } = await orderGrant(orderNo);
      await db.transaction().execute((trx) => revoke(trx, id, 'refund', now()));
    };
    await takeBack(lifetime.order_id);
    expect(await record(userId)).toMatchObject({ win_exp: yearly.endDate, name: 'Yearly plan', order_no: 'YEARLY-1' });

    await takeBack(yearly.order_id);
    expect(await record(userId)).toBeUndefined();
    // Back to the free allowance: one device (spec 01 §9).
    expect(await slots()).toBe(1);
  });

  it('keeps a cancelled renewal cancelled when the record is rebuilt', async () => {
    const user = await testUser(t, { region: 'overseas' });
    await buy(user.userId, { product: 'max', type: 220, productId: 5371, region: 'overseas', orderNo: 'RENEW-1' });
    expect(await record(user.userId)).toMatchObject({ have_renew: 1 });
    (await call(t, cancelSubscriptionRoute, { as: user, host: hostOf('overseas'), body: { product: 'max' } })).ok();
    // A later grant rebuilds the record from its grants: the renewal stays cancelled.
    await grantSubscription(
      db,
      { userId: user.userId, product: 'max', scope: 'personal', platforms: ['linux'], end: { extendBy: 'oneMonth' } },
      now(),
    );
    const [max] = (await call(t, getAllSubscriptionsRoute, { as: user })).ok().data;
    expect(max).toMatchObject({ have_renew: false, product_id: 5371 });
  });

  it('says a renewal is the renewing subscription’s, not that of a store licence reaching further', async () => {
    const user = await testUser(t, { region: 'overseas' });
    await buy(user.userId, { product: 'max', type: 220, productId: 5371, region: 'overseas', orderNo: 'RENEW-2' });
    // A desktop licence for ever, bought in a store later: it reaches furthest and names the record.
    await buy(user.userId, { product: 'max', type: 14, channel: 'app_store', orderNo: 'STORE-LIFETIME-1' });
    expect(await record(user.userId)).toMatchObject({
      order_no: 'STORE-LIFETIME-1',
      have_renew: 1,
      channel: 'online',
      product_id: 5371,
    });
    // So the subscription is cancelled here, not sent to the store to manage.
    const [max] = (await call(t, getAllSubscriptionsRoute, { as: user })).ok().data;
    expect(max).toMatchObject({ have_renew: true, product_id: 5371 });
    (await call(t, cancelSubscriptionRoute, { as: user, host: hostOf('overseas'), body: { product: 'max' } })).ok();
    expect(await record(user.userId)).toMatchObject({ have_renew: 0 });
  });

  it('gives each of many concurrent orders its licence, the record showing the furthest', async () => {
    const { userId } = await testUser(t);
    const types = [1, 209, 216, 214, 217, 220, 1, 209, 216, 1];
    const orders = await Promise.all(types.map((type) => buy(userId, { type })));
    const grants = await db
      .selectFrom('grants')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'licence')
      .execute();
    expect(grants).toHaveLength(orders.length);
    expect(await record(userId)).toMatchObject({ win_exp: FOREVER_EXPIRY, order_type: 214 });
  });

  it('never grants twice from one operator reference, even after that grant was taken back', async () => {
    const { userId } = await testUser(t);
    const ticket = {
      userId,
      product: 'ppt' as const,
      scope: 'personal' as const,
      platforms: ['ppt'],
      end: { extendBy: 'oneYear' as const },
      reference: 'TICKET-77',
    };
    await grantSubscription(db, ticket, now());
    const given = await db
      .selectFrom('grants')
      .select('id')
      .where('source_id', '=', 'TICKET-77')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => revoke(trx, given.id, 'granted by mistake', now()));
    expect(await record(userId)).toBeUndefined();
    await expect(grantSubscription(db, ticket, now())).rejects.toMatchObject({ httpStatus: 409 });
    expect(await record(userId)).toBeUndefined();
  });

  it('refuses an operator grant for a closed or unknown account without a trace', async () => {
    const before = await db
      .selectFrom('grants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      grantSubscription(
        db,
        { userId: 987_654, product: 'max', scope: 'personal', platforms: ['win'], end: { until: now() + YEAR } },
        now(),
      ),
    ).rejects.toMatchObject({ httpStatus: 404 });
    const after = await db
      .selectFrom('grants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

/** Records held before licences came from grants keep what they held, now with a grant behind them. */
describe.each(dialects)('migration 201 of 2026-11-24 on $name', (dialect) => {
  it('gives every existing record one grant carrying exactly what it holds', async () => {
    const handle = await dialect.open();
    try {
      const db = handle.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const steps = await migratorFor(db);
      expect((await steps.migrateTo('2026-11-23-301-idempotency-applied')).error).toBeUndefined();
      const [user] = await sql<{ id: number }>`INSERT INTO users (email, region, nick_name, created_at, updated_at)
        VALUES ('held@example.com', 'domestic', 'Held', 1, 1) RETURNING id`
        .execute(db)
        .then((r) => r.rows);
      const held = {
        user_id: user!.id,
        product: 'max',
        type: 'subs',
        name: 'Diagram annual plan',
        version: null,
        order_type: 220,
        product_id: 5371,
        order_no: 'OLD-1',
        channel: 'online',
        win_exp: 2_000_000_000,
        mac_exp: 2_000_000_000,
        linux_exp: null,
        online_exp: FOREVER_EXPIRY,
        mobile_exp: 1_500_000_000,
        ios_exp: null,
        android_exp: null,
        ppt_exp: null,
        group_name: 'Design team',
        group_exp: 1_900_000_000,
        group_mobile_exp: null,
        fuser: 0,
        is_99: 0,
        have_renew: 1,
        upgrade_time: null,
        started_at: 1_600_000_000,
        updated_at: 1_700_000_000,
      };
      await db.insertInto('subscriptions').values(held).execute();

      expect((await steps.migrateToLatest()).error).toBeUndefined();
      const after = await db.selectFrom('subscriptions').selectAll().execute();
      expect(after).toHaveLength(1);
      const { grant_id: grantId, ...kept } = after[0]!;
      expect(kept).toEqual(held);
      const grant = await db
        .selectFrom('grants')
        .selectAll()
        .where('id', '=', grantId as number)
        .executeTakeFirstOrThrow();
      expect(grant).toMatchObject({ kind: 'licence', item: 'max', source_kind: 'operator', revoked_at: null });
      const given = await db
        .selectFrom('licence_grants')
        .selectAll()
        .where('grant_id', '=', grantId as number)
        .executeTakeFirstOrThrow();
      expect(given).toMatchObject({
        win_exp: 2_000_000_000,
        online_exp: FOREVER_EXPIRY,
        have_renew: 1,
        group_name: 'Design team',
      });
      // The record can no longer exist without a grant.
      await expect(
        db
          .insertInto('subscriptions')
          .values({ ...held, product: 'mind' })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await handle.drop();
      await handle.database.close();
    }
  });
});
