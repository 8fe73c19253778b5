import type { LicenceLength } from '../licence/durations.js';

export interface PersonalPlan {
  key: 'continuousYearly' | 'oneYear' | 'twoYears' | 'lifetime' | 'halfYearContinuous';
  /** The order type a purchase of the plan records. */
  type: number;
  /** Price in fen (integer minor units, docs/architecture.md#invariants). */
  priceFen: number;
  /**
   * Template credit included, in fen; null where the spec lists none. The spec's "10, 20, 30
   * template coupons" are yuan of credit: template credit is a balance in yuan (spec 01 §2
   * "Template credit screen"), said as an amount everywhere (docs/decisions/056).
   */
  templateCreditFen: number | null;
  aiPoints: number;
  /** A continuous plan renews itself each period until cancelled. */
  continuous: boolean;
  /** How long one purchase lasts; `forever` for the lifetime plan. */
  length: LicenceLength | 'forever';
}

/**
 * The personal plan catalogue (spec 01 §9, spec 02 "Purchase plan catalogue"), prices in fen:
 * continuous yearly 198, 1 year 280, 2 years 560, lifetime 780, half-year continuous 99.
 */
export const personalPlans: readonly PersonalPlan[] = [
  {
    key: 'continuousYearly',
    type: 220,
    priceFen: 19_800,
    templateCreditFen: 1000,
    aiPoints: 1000,
    continuous: true,
    length: 'oneYear',
  },
  {
    key: 'oneYear',
    type: 209,
    priceFen: 28_000,
    templateCreditFen: 2000,
    aiPoints: 6666,
    continuous: false,
    length: 'oneYear',
  },
  {
    key: 'twoYears',
    type: 216,
    priceFen: 56_000,
    templateCreditFen: 2000,
    aiPoints: 6666,
    continuous: false,
    length: 'twoYears',
  },
  {
    key: 'lifetime',
    type: 214,
    priceFen: 78_000,
    templateCreditFen: 3000,
    aiPoints: 66_666,
    continuous: false,
    length: 'forever',
  },
  {
    key: 'halfYearContinuous',
    type: 217,
    priceFen: 9_900,
    templateCreditFen: null,
    aiPoints: 1000,
    continuous: true,
    length: 'halfYear',
  },
];

/** The catalogue plan an order type stands for, if any. */
export function personalPlanByType(type: number): PersonalPlan | undefined {
  return personalPlans.find((plan) => plan.type === type);
}

/**
 * The half-year continuous plan is the 99-yuan offer: a subscription bought through it carries
 * `is_99`, which makes it not renewable (spec 01 §6).
 */
export const NINETY_NINE_PLAN_TYPE = 217;
