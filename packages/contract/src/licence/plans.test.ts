import { describe, expect, it } from 'vitest';
import { LicenceLengthMs } from './durations.js';
import { FOREVER_THRESHOLD } from './expiry.js';
import {
  FOREVER_EXPIRY,
  type OrderEndInput,
  orderEndDate,
  orderStatus,
  planDateOf,
  planDates,
  PROJECT_UPGRADE_SERVICE_YEARS,
} from './plans.js';

const bought = 1_700_000_000;
const seconds = (length: keyof typeof LicenceLengthMs) => LicenceLengthMs[length] / 1000;

describe('plan dates (spec 01 §3)', () => {
  it('stores forever past the ~2119 threshold', () => {
    expect(FOREVER_EXPIRY).toBeGreaterThan(FOREVER_THRESHOLD);
    expect(planDateOf(FOREVER_EXPIRY)).toBe('forever');
    expect(planDateOf(bought)).toBe(bought);
    expect(planDateOf(null)).toBeNull();
    expect(planDateOf(0)).toBeNull();
  });

  it('ends upgrades and maintenance of a subscription with its usage', () => {
    const end = bought + seconds('oneYear');
    expect(planDates({ family: 'max', type: 'subs', usageEnd: end, startedAt: bought, upgradeTime: null })).toEqual({
      usage: end,
      freeUpgrade: end,
      maintenance: end,
      upgradeServiceYears: null,
    });
  });

  it('keeps everything forever for a lifetime subscription', () => {
    expect(
      planDates({ family: 'mindmaster', type: 'subs', usageEnd: FOREVER_EXPIRY, startedAt: bought, upgradeTime: null }),
    ).toEqual({
      usage: 'forever',
      freeUpgrade: 'forever',
      maintenance: 'forever',
      upgradeServiceYears: null,
    });
  });

  it('names the 5-year upgrade service for the project product’s perpetual licence', () => {
    const dates = planDates({
      family: 'project',
      type: 'version',
      usageEnd: FOREVER_EXPIRY,
      startedAt: bought,
      upgradeTime: null,
    });
    expect(dates).toEqual({
      usage: 'forever',
      freeUpgrade: bought + seconds('fiveYears'),
      maintenance: bought + seconds('fiveYears'),
      upgradeServiceYears: PROJECT_UPGRADE_SERVICE_YEARS,
    });
    expect(PROJECT_UPGRADE_SERVICE_YEARS).toBe(5);
  });

  it('shows no upgrade length for other perpetual licences unless one is recorded', () => {
    expect(
      planDates({ family: 'max', type: 'version', usageEnd: FOREVER_EXPIRY, startedAt: bought, upgradeTime: null }),
    ).toEqual({
      usage: 'forever',
      freeUpgrade: null,
      maintenance: null,
      upgradeServiceYears: null,
    });
    const recorded = bought + 86_400 * 400;
    expect(
      planDates({ family: 'max', type: 'version', usageEnd: FOREVER_EXPIRY, startedAt: bought, upgradeTime: recorded }),
    ).toMatchObject({
      freeUpgrade: recorded,
      maintenance: recorded,
    });
  });

  it('prefers a recorded upgrade time for the project product too, and leaves unknown usage unknown', () => {
    const recorded = bought + 86_400;
    expect(
      planDates({ family: 'project', type: 'version', usageEnd: null, startedAt: bought, upgradeTime: recorded })
        .freeUpgrade,
    ).toBe(recorded);
    expect(planDates({ family: null, type: 'other', usageEnd: null, startedAt: null, upgradeTime: null })).toEqual({
      usage: null,
      freeUpgrade: null,
      maintenance: null,
      upgradeServiceYears: null,
    });
  });
});

describe('order history end date (spec 01 §3: using, unknown, or a date)', () => {
  const order = (values: Partial<OrderEndInput>): OrderEndInput => ({
    product: 'max',
    type: 1,
    date: bought,
    exp: null,
    region: 'domestic',
    ...values,
  });

  it('uses a recorded end first', () => {
    expect(orderEndDate(order({ exp: bought + 99 }))).toBe(bought + 99);
    expect(orderEndDate(order({ exp: FOREVER_EXPIRY }))).toBe('using');
  });

  it('is `using` for the permanent types 14 and 19', () => {
    expect(orderEndDate(order({ type: 14 }))).toBe('using');
    expect(orderEndDate(order({ product: 'mindmaster', type: 19 }))).toBe('using');
  });

  it('adds the §9 length of the type and region to the purchase date', () => {
    expect(orderEndDate(order({ type: 2 }))).toBe(bought + seconds('fiveYears'));
    expect(orderEndDate(order({ product: 'mindmaster', type: 3, region: 'overseas' }))).toBe(
      bought + seconds('twoYears'),
    );
    expect(orderEndDate(order({ product: 'mindmaster', type: 3, region: 'domestic' }))).toBe(
      bought + seconds('threeYears'),
    );
    expect(orderEndDate(order({ product: 'infographic', type: 1 }))).toBe(bought + seconds('oneYear'));
    expect(orderEndDate(order({ product: 'orgchart', type: 10 }))).toBe(bought + seconds('threeYears'));
  });

  it('takes the personal plan catalogue’s lengths for the diagram and mind-map products', () => {
    expect(orderEndDate(order({ type: 220 }))).toBe(bought + seconds('oneYear'));
    expect(orderEndDate(order({ product: 'mindmaster', type: 216 }))).toBe(bought + seconds('twoYears'));
    expect(orderEndDate(order({ type: 217 }))).toBe(bought + seconds('halfYear'));
    expect(orderEndDate(order({ type: 214 }))).toBe('using');
    // The catalogue types mean nothing for the project product: no length is listed there.
    expect(orderEndDate(order({ product: 'project', type: 214 }))).toBe('unknown');
  });

  it('is `unknown` where the spec gives no length', () => {
    expect(orderEndDate(order({ type: 999 }))).toBe('unknown');
    expect(orderEndDate(order({ type: 63, region: 'domestic' }))).toBe('unknown');
    expect(orderEndDate(order({ product: 'cloudspace', type: 1 }))).toBe('unknown');
  });

  it('gives the order status from the end', () => {
    expect(orderStatus('using', bought)).toBe('active');
    expect(orderStatus('unknown', bought)).toBe('unknown');
    expect(orderStatus(bought + 1, bought)).toBe('active');
    expect(orderStatus(bought, bought)).toBe('expired');
  });
});
