import {
  deviceRoutes,
  deviceSubscriptionProduct,
  getAllSubscriptionsRoute,
  getLicencesRoute,
  getOrdersRoute,
  isVip,
  licenceProductOfOrder,
  type SubscriptionProduct,
} from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../../test/helpers/call.js';
import { hostOf, type TestUser, testUser } from '../../test/helpers/users.js';
import { describeOnEachDialect } from '../../test/helpers/test-app.js';
import { seedOrderDemo } from './order-demo.js';

/** An end as one comparable number: forever beyond every date, unknown below every one. */
function endValue(end: number | 'forever' | 'using' | 'unknown' | null): number {
  if (end === 'forever' || end === 'using') return Number.POSITIVE_INFINITY;
  return typeof end === 'number' ? end : Number.NEGATIVE_INFINITY;
}

/**
 * Walks every demo order, as a user would compare the screens: what the history says each
 * product was bought until is what its licence card says, the device limit follows the licence,
 * and the account is VIP while any licence runs (spec 01 §4).
 */
describeOnEachDialect('the demo’s orders and licences agree on $name', (t) => {
  let demo: TestUser;

  beforeAll(async () => {
    demo = await testUser(t, { region: 'domestic' });
    await seedOrderDemo(t.app.db, demo.userId, t.clock.now());
  });

  it('shows each product’s licence until the latest end its orders were bought for', async () => {
    const now = t.clock.now();
    const orders = (await call(t, getOrdersRoute, { as: demo, query: { count: 50 } })).ok().data;
    const licences = (await call(t, getLicencesRoute, { as: demo, host: hostOf('domestic') })).ok().data;
    const bought = new Map<SubscriptionProduct, number>();
    for (const order of orders) {
      const product = licenceProductOfOrder[order.product];
      if (!product || order.endDate === 'unknown') continue;
      bought.set(product, Math.max(bought.get(product) ?? Number.NEGATIVE_INFINITY, endValue(order.endDate)));
    }
    expect([...bought.keys()].sort()).toEqual(['math', 'max', 'mind', 'ppt', 'proj']);

    for (const [product, boughtUntil] of bought) {
      const cards = licences.filter((row) => row.product === product && row.scope === 'personal');
      const shownUntil = Math.max(...cards.map((row) => endValue(row.endTime)));
      expect({ product, until: shownUntil }).toEqual({ product, until: boughtUntil });
      const running = boughtUntil > now;
      expect({ product, running: cards.some((row) => row.state !== 'expired') }).toEqual({ product, running });
    }
    // The lifetime mind-map plan is for ever, on the card too.
    expect(licences.some((row) => row.product === 'mind' && row.state === 'forever')).toBe(true);
  });

  it('gives every device product its membership’s slots, and VIP while a licence runs', async () => {
    const records = (await call(t, getAllSubscriptionsRoute, { as: demo })).ok().data;
    expect(isVip(records, t.clock.now())).toBe(true);
    for (const [deviceProduct, routes] of Object.entries(deviceRoutes)) {
      const product = deviceSubscriptionProduct[deviceProduct as keyof typeof deviceSubscriptionProduct];
      const record = records.find((r) => r.product === product);
      expect(record, product).toBeDefined();
      const { limit } = (await call(t, routes.list, { as: demo })).ok();
      // Each is held by an order still running: a personal membership's three slots (spec 01 §9).
      expect({ deviceProduct, limit }).toEqual({ deviceProduct, limit: 3 });
    }
  });
});
