import { describe, expect, it } from 'vitest';
import { NINETY_NINE_PLAN_TYPE, personalPlanByType, personalPlans } from './personal-plans.js';

// Spec 01 §9 "Personal plan catalogue", row by row: price in yuan, type, template credit (the
// spec's "template coupons", yuan of credit), points.
const rows = [
  ['continuousYearly', 198, 220, 10, 1000, true, 'oneYear'],
  ['oneYear', 280, 209, 20, 6666, false, 'oneYear'],
  ['twoYears', 560, 216, 20, 6666, false, 'twoYears'],
  ['lifetime', 780, 214, 30, 66_666, false, 'forever'],
  ['halfYearContinuous', 99, 217, null, 1000, true, 'halfYear'],
] as const;

describe('personal plan catalogue', () => {
  it.each(rows)('%s costs %d yuan as type %d', (key, yuan, type, creditYuan, points, continuous, length) => {
    const plan = personalPlanByType(type);
    expect(plan).toEqual({
      key,
      type,
      priceFen: yuan * 100,
      templateCreditFen: creditYuan === null ? null : creditYuan * 100,
      aiPoints: points,
      continuous,
      length,
    });
    expect(Number.isInteger(plan?.priceFen)).toBe(true);
  });

  it('has exactly the spec’s five plans', () => {
    expect(personalPlans.map((p) => p.type)).toEqual([220, 209, 216, 214, 217]);
  });

  it('knows the 99 offer by its type', () => {
    expect(personalPlanByType(NINETY_NINE_PLAN_TYPE)?.priceFen).toBe(9_900);
    expect(personalPlanByType(1)).toBeUndefined();
  });
});
