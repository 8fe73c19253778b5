import {
  cancelSubscriptionRoute,
  FOREVER_EXPIRY,
  FREE_STORAGE_BYTES,
  getAllSubscriptionsRoute,
  getLastSubscriptionOrderRoute,
  getLicencesRoute,
  getOrdersRoute,
  getRecommendationsRoute,
  getStorageRoute,
  getSubscriptionRoute,
  LicenceLengthMs,
  type Region,
  type RouteQuery,
} from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { hostOf, type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { recordOrder } from '../orders/orders.service.js';
import { grantSubscription, setStorage } from './subscriptions.service.js';

const DAY = 86_400;
const YEAR = LicenceLengthMs.oneYear / 1000;

describeOnEachDialect('subscriptions, licences and storage on $name', (t) => {
  let ann: TestUser;
  let ben: TestUser;
  let now: number;

  /** The overseas diagram annual plan that renews itself, of a product id that may be cancelled. */
  const grantAnnualPlan = (user: TestUser, orderNo: string) =>
    grantSubscription(
      t.app.db,
      {
        userId: user.userId,
        product: 'max',
        scope: 'personal',
        platforms: ['win', 'mac', 'linux'],
        end: { until: now + 200 * DAY },
        type: 'subs',
        name: 'Diagram annual plan',
        orderType: 220,
        productId: 5371,
        orderNo,
        channel: 'online',
        haveRenew: true,
      },
      now,
    );

  /** A formula-editor subscription bought in the App Store, which renews itself there. */
  const grantAppStoreMath = (user: TestUser) =>
    grantSubscription(
      t.app.db,
      {
        userId: user.userId,
        product: 'math',
        scope: 'personal',
        platforms: ['ios'],
        end: { until: now + 20 * DAY },
        type: 'subs',
        channel: 'app_store',
        productId: 5380,
        haveRenew: true,
      },
      now,
    );

  // Ann's records, which several tests read (and none changes).
  beforeAll(async () => {
    ann = await testUser(t, { region: 'overseas' });
    ben = await testUser(t, { region: 'domestic' });
    now = t.clock.now();
    await grantSubscription(
      t.app.db,
      {
        userId: ann.userId,
        product: 'mind',
        scope: 'personal',
        platforms: ['win', 'mac'],
        end: { until: now + 30 * DAY },
        orderType: 217,
      },
      now,
    );
    await grantAnnualPlan(ann, 'ORDER-1');
    await grantSubscription(
      t.app.db,
      { userId: ann.userId, product: 'max', scope: 'personal', platforms: ['online'], end: { forever: true } },
      now,
    );
    await grantSubscription(
      t.app.db,
      { userId: ann.userId, product: 'max', scope: 'personal', platforms: ['mobile'], end: { until: now - DAY } },
      now,
    );
    await grantSubscription(
      t.app.db,
      {
        userId: ann.userId,
        product: 'max',
        scope: 'team',
        platforms: ['desktop'],
        end: { until: now + 90 * DAY },
        group: 'Design team',
      },
      now,
    );
  });

  it('lists one record per product in the spec’s order, team expiries kept apart from personal ones', async () => {
    const newcomer = await testUser(t, { region: 'overseas' });
    expect((await call(t, getAllSubscriptionsRoute, { as: newcomer })).body).toEqual({
      status: 'success',
      code: 0,
      msg: 'ok',
      data: [],
      count: 0,
    });

    const res = await call(t, getAllSubscriptionsRoute, { as: ann });
    expect(res.status).toBe(200);
    const body = res.ok();
    expect(body.count).toBe(2);
    expect(body.data.map((r: { product: string }) => r.product)).toEqual(['max', 'mind']);
    expect(body.data[0]).toEqual({
      product: 'max',
      type: 'subs',
      name: 'Diagram annual plan',
      version: null,
      order_type: 220,
      product_id: 5371,
      order_id: 'ORDER-1',
      channel: 'online',
      win_exp: now + 200 * DAY,
      mac_exp: now + 200 * DAY,
      linux_exp: now + 200 * DAY,
      online_exp: FOREVER_EXPIRY,
      mobile_exp: now - DAY,
      ios_exp: null,
      android_exp: null,
      ppt_exp: null,
      group: 'Design team',
      group_exp: now + 90 * DAY,
      group_mobile_exp: null,
      fuser: false,
      is_99: false,
      have_renew: true,
      upgrade_time: null,
      started_at: now,
    });
    // The 99 offer's order type marks the record, which makes it not renewable (spec 01 §6).
    expect(body.data[1]).toMatchObject({ product: 'mind', name: 'Mind Map', is_99: true, have_renew: false });
  });

  it('turns records into licence rows: forever, active and expired platform groups, the team row apart', async () => {
    const res = await call(t, getLicencesRoute, { as: ann });
    expect(res.status).toBe(200);
    const rows = res.ok().data;
    const max = rows.filter((r: { product: string }) => r.product === 'max');
    expect(
      max.map((r: { scope: string; platforms: string[]; state: string; type: number }) => [
        r.scope,
        r.platforms,
        r.state,
        r.type,
      ]),
    ).toEqual([
      ['personal', ['online'], 'forever', -1],
      ['personal', ['win', 'mac', 'linux'], 'active', -2],
      ['personal', ['mobile'], 'expired', -2],
      ['team', ['desktop'], 'active', -2],
    ]);
    // The web app runs forever, yet upgrades and maintenance last the annual plan's term, as on
    // every line of the record (they are the record's plan dates, not the line's).
    expect(max[0]).toMatchObject({
      endTime: 'forever',
      updateEndTime: now + 200 * DAY,
      serviceEndTime: now + 200 * DAY,
    });
    expect(max[2]).toMatchObject({ updateEndTime: now + 200 * DAY, serviceEndTime: now + 200 * DAY });
    expect(max[1]).toEqual({
      product: 'max',
      productName: 'Diagram annual plan',
      icon: 'max',
      v_product: 'max',
      scope: 'personal',
      group: null,
      type: -2,
      platforms: ['win', 'mac', 'linux'],
      state: 'active',
      endTime: now + 200 * DAY,
      updateEndTime: now + 200 * DAY,
      serviceEndTime: now + 200 * DAY,
      upgrade_service_years: null,
      can_renew: false,
      showCancel: true,
      showManage: false,
      manage_url: null,
      renewal: 'auto',
      order_id: 'ORDER-1',
      v_type: 220,
      v_version: null,
    });
    expect(max[3]).toMatchObject({
      group: 'Design team',
      can_renew: false,
      showCancel: false,
      renewal: null,
      order_id: null,
    });
    const mind = rows.find((r: { product: string }) => r.product === 'mind');
    expect(mind).toMatchObject({ platforms: ['win', 'mac'], can_renew: false, showCancel: false });
  });

  it('shows cancel only in the overseas build', async () => {
    const domestic = (await call(t, getLicencesRoute, { as: ann, host: hostOf('domestic') })).ok().data;
    const row = domestic.find((r: { platforms: string[] }) => r.platforms.includes('win'));
    expect(row).toMatchObject({ product: 'max', showCancel: false, can_renew: false });
  });

  it('names the 5-year upgrade service for a perpetual project licence only', async () => {
    await grantSubscription(
      t.app.db,
      {
        userId: ben.userId,
        product: 'proj',
        scope: 'personal',
        platforms: ['win'],
        end: { forever: true },
        type: 'version',
        version: '3',
        startedAt: now - 10 * DAY,
      },
      now,
    );
    await grantSubscription(
      t.app.db,
      {
        userId: ben.userId,
        product: 'max',
        scope: 'personal',
        platforms: ['win'],
        end: { forever: true },
        type: 'version',
        version: '13',
      },
      now,
    );
    const rows = (await call(t, getLicencesRoute, { as: ben })).ok().data;
    const proj = rows.find((r: { product: string }) => r.product === 'proj');
    const max = rows.find((r: { product: string }) => r.product === 'max');
    expect(proj).toMatchObject({
      type: -1,
      endTime: 'forever',
      updateEndTime: now - 10 * DAY + 5 * YEAR,
      serviceEndTime: now - 10 * DAY + 5 * YEAR,
      upgrade_service_years: 5,
      can_renew: false,
      v_version: '3',
    });
    expect(max).toMatchObject({ type: -1, updateEndTime: null, serviceEndTime: null, upgrade_service_years: null });
  });

  it('offers the store’s manage link instead of cancel for an app-store subscription overseas', async () => {
    await grantAppStoreMath(ben);
    const overseas = (await call(t, getLicencesRoute, { as: ben, host: hostOf('overseas') }))
      .ok()
      .data.find((r: { product: string }) => r.product === 'math');
    expect(overseas).toMatchObject({
      showManage: true,
      showCancel: false,
      manage_url: 'https://apps.apple.com/account/subscriptions',
    });
    const domestic = (await call(t, getLicencesRoute, { as: ben, host: hostOf('domestic') }))
      .ok()
      .data.find((r: { product: string }) => r.product === 'math');
    expect(domestic).toMatchObject({ showManage: false, showCancel: false, manage_url: null });
  });

  it('extends from the current end while it lies ahead, from now once passed, and never past forever', async () => {
    const extend = () =>
      grantSubscription(
        t.app.db,
        {
          userId: ben.userId,
          product: 'hb',
          scope: 'personal',
          platforms: ['online', 'win'],
          end: { extendBy: 'oneYear' },
        },
        now,
      );
    await grantSubscription(
      t.app.db,
      { userId: ben.userId, product: 'hb', scope: 'personal', platforms: ['online'], end: { until: now + 10 * DAY } },
      now,
    );
    await grantSubscription(
      t.app.db,
      { userId: ben.userId, product: 'hb', scope: 'personal', platforms: ['win'], end: { until: now - 10 * DAY } },
      now,
    );
    const once = await extend();
    expect([once.online_exp, once.win_exp]).toEqual([now + 10 * DAY + YEAR, now + YEAR]);
    await grantSubscription(
      t.app.db,
      { userId: ben.userId, product: 'hb', scope: 'personal', platforms: ['win'], end: { forever: true } },
      now,
    );
    const twice = await extend();
    expect([twice.online_exp, twice.win_exp]).toEqual([now + 10 * DAY + 2 * YEAR, FOREVER_EXPIRY]);
  });

  it('counts every one of many concurrent extensions', async () => {
    const dan = await testUser(t, { region: 'domestic' });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        grantSubscription(
          t.app.db,
          { userId: dan.userId, product: 'ppt', scope: 'personal', platforms: ['ppt'], end: { extendBy: 'oneMonth' } },
          now,
        ),
      ),
    );
    const [record] = (await call(t, getAllSubscriptionsRoute, { as: dan })).ok().data;
    expect(record?.ppt_exp).toBe(now + (10 * LicenceLengthMs.oneMonth) / 1000);
  });

  it('refuses grants that make no sense', async () => {
    const bad = [
      { platforms: ['desktop'], scope: 'personal' as const },
      { platforms: ['win'], scope: 'team' as const },
      { platforms: [], scope: 'personal' as const },
    ];
    for (const { platforms, scope } of bad) {
      await expect(
        grantSubscription(
          t.app.db,
          { userId: ben.userId, product: 'max', scope, platforms, end: { forever: true } },
          now,
        ),
      ).rejects.toMatchObject({ httpStatus: 400 });
    }
    await expect(
      grantSubscription(
        t.app.db,
        { userId: 999_999, product: 'max', scope: 'personal', platforms: ['win'], end: { forever: true } },
        now,
      ),
    ).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('cancels a renewing overseas subscription once, and nowhere else', async () => {
    // Plans of its own: Ann's keep renewing for the tests that read them.
    const cy = await testUser(t, { region: 'overseas' });
    await grantAnnualPlan(cy, 'ORDER-2');
    await grantAppStoreMath(cy);
    expect(
      (await call(t, cancelSubscriptionRoute, { as: cy, body: { product: 'max' }, host: hostOf('domestic') })).body,
    ).toEqual({
      status: 'error',
      code: 0,
      msg: 'cancel unavailable',
    });
    // Refusals, which change nothing: Ann's mind-map plan of the 99 offer never renews, and she
    // has no slides plan.
    expect((await call(t, cancelSubscriptionRoute, { as: ann, body: { product: 'mind' } })).status).toBe(409);
    expect((await call(t, cancelSubscriptionRoute, { as: ann, body: { product: 'ppt' } })).body).toEqual({
      status: 'error',
      code: 0,
      msg: 'not exists',
    });

    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(t, cancelSubscriptionRoute, { as: cy, body: { product: 'max' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const done = results.find((r) => r.status === 200)?.ok().data;
    expect(done).toMatchObject({ product: 'max', have_renew: false, win_exp: now + 200 * DAY });
    // Once it no longer renews itself, renewing by hand is offered again and cancel is gone.
    const row = (await call(t, getLicencesRoute, { as: cy }))
      .ok()
      .data.find((r: { platforms: string[] }) => r.platforms.includes('win'));
    expect(row).toMatchObject({ showCancel: false, can_renew: true, renewal: 'cancelled' });
    // The store's subscription is cancelled in the store, not here.
    expect((await call(t, cancelSubscriptionRoute, { as: cy, body: { product: 'math' } })).status).toBe(409);
  });

  it('answers storage in bytes, the free tier where nothing was set', async () => {
    expect((await call(t, getStorageRoute, { as: ben })).ok().data).toEqual({
      project: { max: FREE_STORAGE_BYTES.project, used: 0 },
      whiteboard: { max: FREE_STORAGE_BYTES.whiteboard, used: 0 },
      mindmap: { max: FREE_STORAGE_BYTES.mindmap, used: 0 },
    });
    await setStorage(
      t.app.db,
      { userId: ben.userId, area: 'mindmap', maxBytes: 2 ** 31, usedBytes: 5_000_000_000 },
      now,
    );
    await setStorage(t.app.db, { userId: ben.userId, area: 'project', usedBytes: 1234 }, now);
    expect((await call(t, getStorageRoute, { as: ben })).ok().data).toEqual({
      project: { max: FREE_STORAGE_BYTES.project, used: 1234 },
      whiteboard: { max: FREE_STORAGE_BYTES.whiteboard, used: 0 },
      mindmap: { max: 2 ** 31, used: 5_000_000_000 },
    });
    await expect(
      setStorage(t.app.db, { userId: ben.userId, area: 'project', usedBytes: -1 }, now),
    ).rejects.toMatchObject({
      httpStatus: 400,
    });
  });

  it('recommends what the user has not bought, with the hiding rules of the region, language and product id', async () => {
    const eve = await testUser(t, { region: 'domestic' });
    const recommend = async (query: RouteQuery<typeof getRecommendationsRoute> = {}, region: Region = 'domestic') =>
      (await call(t, getRecommendationsRoute, { as: eve, query, host: hostOf(region) })).ok().data;
    expect(await recommend()).toEqual(['max', 'mindmaster', 'project', 'orgchart', 'edrawMath', 'info', 'hb']);
    await recordOrder(
      t.app.db,
      { userId: eve.userId, product: 'infographic', type: 1, productName: 'x', amount: 1, channel: 'online' },
      now,
    );
    await grantSubscription(
      t.app.db,
      { userId: eve.userId, product: 'mind', scope: 'personal', platforms: ['win'], end: { until: now - DAY } },
      now,
    );
    expect(await recommend()).toEqual(['max', 'project', 'orgchart', 'edrawMath', 'hb']);
    expect(await recommend({}, 'overseas')).toEqual(['max', 'orgchart', 'hb']);
    expect(await recommend({ lang: 'jp' })).toEqual(['max', 'hb']);
    expect(await recommend({ pid: 5517 }, 'overseas')).toEqual(['orgchart', 'hb']);
  });

  it('reads one product’s record by the spec’s product names, null where there is none', async () => {
    const all = (await call(t, getAllSubscriptionsRoute, { as: ann })).ok().data;
    const diagram = await call(t, getSubscriptionRoute, { params: { product: 'max' }, as: ann });
    expect(diagram.status, diagram.raw.body).toBe(200);
    expect(diagram.ok().data).toEqual(all.find((record) => record.product === 'max'));
    // `mindmaster` is the mind-map product's record.
    expect((await call(t, getSubscriptionRoute, { params: { product: 'mindmaster' }, as: ann })).ok().data).toEqual(
      all.find((record) => record.product === 'mind'),
    );
    expect((await call(t, getSubscriptionRoute, { params: { product: 'proj' }, as: ann })).ok().data).toBeNull();
    const unknown = await call(t, getSubscriptionRoute, { params: { product: 'mind' as 'max' }, as: ann });
    expect(unknown.status).toBe(400);
  });

  it('answers the order behind a product’s subscription as the history shows it, null where no order gave it', async () => {
    const gus = await testUser(t, { region: 'overseas' });
    const last = (product: 'max' | 'mindmaster' | 'math') =>
      call(t, getLastSubscriptionOrderRoute, { query: { product }, as: gus });
    expect((await last('max')).ok().data).toBeNull();

    const first = await recordOrder(
      t.app.db,
      { userId: gus.userId, product: 'max', type: 209, productName: 'Diagram', amount: 9900, channel: 'online' },
      now - 400 * DAY,
    );
    const renewal = await recordOrder(
      t.app.db,
      { userId: gus.userId, product: 'max', type: 209, productName: 'Diagram', amount: 9900, channel: 'online' },
      now - DAY,
    );
    expect(renewal.order_id).not.toBe(first.order_id);
    const found = await last('max');
    expect(found.status, found.raw.body).toBe(200);
    // The latest order, in the history's own shape.
    const history = (await call(t, getOrdersRoute, { as: gus })).ok().data;
    expect(found.ok().data).toEqual(history.find((order) => order.order_id === renewal.order_id));

    // A record no order gave (an App Store grant here) has no order to show.
    await grantAppStoreMath(gus);
    expect((await last('math')).ok().data).toBeNull();
    expect((await call(t, getLastSubscriptionOrderRoute, { query: { product: 'max' }, as: ann })).ok().data).toBeNull();
  });

  it('never shows another user’s records, licences or storage', async () => {
    const fay = await testUser(t, { region: 'domestic' });
    await grantAppStoreMath(fay);
    for (const route of [getAllSubscriptionsRoute, getLicencesRoute, getStorageRoute, getRecommendationsRoute]) {
      const res = await call(t, route, { params: { userId: ann.userId }, as: fay, host: hostOf('domestic') });
      expect(res.status, route.path).toBe(403);
    }
    // Her own record only, none of Ann's.
    const own = (await call(t, getAllSubscriptionsRoute, { as: fay }))
      .ok()
      .data.map((r: { product: string }) => r.product);
    expect(own).toEqual(['math']);
  });
});
