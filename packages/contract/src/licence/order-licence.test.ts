import { describe, expect, it } from 'vitest';
import { LicenceLengthMs } from './durations.js';
import { ALL_PLATFORMS, defaultOrderPlatforms, orderLicence, type OrderLicenceInput } from './order-licence.js';
import { FOREVER_EXPIRY, orderEndDate } from './plans.js';

const bought = 1_700_000_000;
const seconds = (length: keyof typeof LicenceLengthMs) => LicenceLengthMs[length] / 1000;
const order = (facts: Partial<OrderLicenceInput>): OrderLicenceInput => ({
  product: 'max',
  type: 1,
  date: bought,
  exp: null,
  region: 'domestic',
  ...facts,
});

describe('the licence an order gives', () => {
  it('lasts exactly as long as the history says the order does', () => {
    for (const facts of [
      { product: 'max', type: 209 },
      { product: 'max', type: 1 },
      { product: 'mindmaster', type: 12, region: 'overseas' },
      { product: 'mindmaster', type: 12, region: 'domestic' },
      { product: 'project', type: 3 },
      { product: 'edrawMath', type: 1, exp: bought + 30 * 86_400 },
    ] as const) {
      const end = orderEndDate(order(facts));
      expect(orderLicence(order(facts))?.endsAt).toBe(end);
    }
  });

  it('is for ever for a lifetime plan and the permanent types, and subscription-like while it runs', () => {
    expect(orderLicence(order({ product: 'mindmaster', type: 214 }))).toMatchObject({
      product: 'mind',
      kind: 'subs',
      endsAt: FOREVER_EXPIRY,
    });
    expect(orderLicence(order({ product: 'mindmaster', type: 14 }))?.endsAt).toBe(FOREVER_EXPIRY);
  });

  it('buys a perpetual version for ever, its type’s length being the free upgrade period', () => {
    expect(orderLicence(order({ product: 'project', type: 2, version: '3', exp: FOREVER_EXPIRY }))).toMatchObject({
      product: 'proj',
      kind: 'version',
      endsAt: FOREVER_EXPIRY,
      upgradeUntil: bought + seconds('fiveYears'),
    });
    expect(orderLicence(order({ product: 'max', type: 14, version: '12' }))).toMatchObject({
      kind: 'version',
      upgradeUntil: null,
    });
  });

  it('renews the continuous plans, marks the 99 offer, and follows a store’s own renewal', () => {
    expect(orderLicence(order({ type: 220 }))).toMatchObject({ renews: true, is99: false });
    expect(orderLicence(order({ product: 'mindmaster', type: 217 }))).toMatchObject({ renews: true, is99: true });
    expect(orderLicence(order({ type: 209 }))).toMatchObject({ renews: false, is99: false });
    expect(
      orderLicence(order({ product: 'edrawMath', type: 1, exp: bought + 86_400 * 30, renews: true }))?.renews,
    ).toBe(true);
    // 217 is the 99 offer only in the plan catalogue of the diagram and mind-map products.
    expect(orderLicence(order({ product: 'project', type: 217, exp: bought + 1 }))?.is99).toBe(false);
  });

  it('covers the platforms the order names, else the plan’s: all for the catalogue plans, desktop otherwise', () => {
    expect(orderLicence(order({ type: 209 }))?.platforms).toEqual(ALL_PLATFORMS);
    expect(orderLicence(order({ type: 1 }))?.platforms).toEqual(['win', 'mac', 'linux']);
    expect(orderLicence(order({ type: 1, platforms: ['mac'] }))?.platforms).toEqual(['mac']);
    expect(defaultOrderPlatforms('ppt', 1)).toEqual(['ppt']);
    expect(defaultOrderPlatforms('hb', 1)).toEqual(['online']);
    expect(ALL_PLATFORMS).not.toContain('ppt');
  });

  it('gives nothing for products without a licence record, or an end nobody can tell', () => {
    expect(orderLicence(order({ product: 'orgchart', type: 3 }))).toBeNull();
    expect(orderLicence(order({ product: 'cloudspace', type: 1 }))).toBeNull();
    expect(orderLicence(order({ product: 'max', type: 999 }))).toBeNull();
    expect(orderLicence(order({ product: 'edrawMath', type: 1 }))).toBeNull();
  });
});
