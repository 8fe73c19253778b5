import {
  licenceProductOfOrder,
  type OrderProductCode,
  orderProductCodes,
  type PersonalPlatform,
  personalPlatforms,
  type RedeemCodeKind,
  type SubscriptionProduct,
  subscriptionProducts,
  COMPANY_SEATS_MAX,
  TEAM_PLAN_SEATS_MAX,
  type TeamPlanType,
  type TeamProduct,
  isTeamPlanType,
  teamProducts,
} from '@account-centre/contract';
import { operatorInputError } from '../../lib/errors.js';
import type { LicenceDays, LicenceReplacement, PlanLicence } from '../grants/index.js';

/** A licence as an order of `product` and `type` would give it (the contract's duration table). */
export type LicenceBenefit = PlanLicence;

/**
 * What one gift gives: a balance, days of a licence (membership), a coupon (modules/coupons), a
 * course of the academy, held for good (its catalogue names it), or a plan of seats for the team
 * of a product that the person redeeming owns (spec 02 §3 "Team plan").
 */
export type Gift =
  | { kind: 'ai_points' | 'template_credit'; amount: number; days?: number }
  | ({ kind: 'membership' } & LicenceDays)
  | { kind: 'coupon'; coupon: number }
  | { kind: 'course'; course: string }
  | { kind: 'team_plan'; product: TeamProduct; type: TeamPlanType; seats: number }
  | CompanyGift;

/**
 * A company code's gift (docs/decisions/038): its first redemption creates a mind-map company of
 * `seats` seats, lifelong (type 8) or for a term (type 9); later ones add admins to it (err_type 2).
 * Alone in its batch, of single-use codes, and redeemed only by `POST coop/create`.
 */
export interface CompanyGift {
  kind: 'company';
  seats: number;
  type: 8 | 9;
  length: CompanyTermLength | null;
}

/** The terms a time-limited company code gives, as the business plans sell them (spec 02 §9). */
export const companyTermLengths = ['oneYear', 'twoYears', 'threeYears'] as const;
export type CompanyTermLength = (typeof companyTermLengths)[number];

/** The company gift of a batch, when it is a company code's. */
export const companyGiftOf = (benefit: BatchBenefit): CompanyGift | undefined =>
  benefit.kind === 'gift' ? benefit.gifts.find((gift): gift is CompanyGift => gift.kind === 'company') : undefined;

/**
 * What a redemption of a batch's code gives (`code_batches.benefit`):
 * - activation, project: a licence, from the product and type as an order would have it;
 * - replacement: the licence held of `product`, swapped for these platforms or this version, its
 *   dates kept;
 * - gift: one or more gifts, each a benefit the grants module gives.
 */
export type BatchBenefit =
  | ({ kind: 'activation' | 'project' } & LicenceBenefit)
  | ({ kind: 'replacement' } & LicenceReplacement)
  | { kind: 'gift'; gifts: Gift[] };

const GIFT_AMOUNT_MAX = 1_000_000;
const GIFT_DAYS_MAX = 36_500;

function platformsOf(value: unknown): PersonalPlatform[] | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((p) => !(personalPlatforms as readonly unknown[]).includes(p))
  )
    throw operatorInputError(`platforms are some of ${personalPlatforms.join(', ')}`);
  return [...new Set(value as PersonalPlatform[])];
}

function wholeNumber(value: unknown, what: string, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max)
    throw operatorInputError(`${what} must be a whole number from 1 to ${max}`);
  return value;
}

function versionOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[0-9A-Za-z.]{1,16}$/.test(value))
    throw operatorInputError('a version is 1 to 16 letters, digits or dots');
  return value;
}

function licenceOf(value: Record<string, unknown>): LicenceBenefit {
  const product = value.product as OrderProductCode;
  if (!orderProductCodes.includes(product) || !licenceProductOfOrder[product])
    throw operatorInputError('the product must be one that gives a licence (max, mindmaster, project, …)');
  const type = wholeNumber(value.type, 'type', 100_000);
  const platforms = platformsOf(value.platforms);
  const version = versionOf(value.version);
  return { product, type, ...(platforms ? { platforms } : {}), ...(version ? { version } : {}) };
}

function giftOf(value: unknown): Gift {
  const gift = (value ?? {}) as Record<string, unknown>;
  if (gift.kind === 'ai_points' || gift.kind === 'template_credit') {
    const days = gift.days === undefined ? undefined : wholeNumber(gift.days, 'days', GIFT_DAYS_MAX);
    return { kind: gift.kind, amount: wholeNumber(gift.amount, 'amount', GIFT_AMOUNT_MAX), ...(days ? { days } : {}) };
  }
  if (gift.kind === 'membership') {
    const product = gift.product as SubscriptionProduct;
    if (!subscriptionProducts.includes(product))
      throw operatorInputError(`a membership is of ${subscriptionProducts.join(', ')}`);
    const platforms = platformsOf(gift.platforms);
    return {
      kind: 'membership',
      product,
      days: wholeNumber(gift.days, 'days', GIFT_DAYS_MAX),
      ...(platforms ? { platforms } : {}),
    };
  }
  if (gift.kind === 'coupon') return { kind: 'coupon', coupon: wholeNumber(gift.coupon, 'coupon', 2_147_483_647) };
  if (gift.kind === 'course') {
    if (typeof gift.course !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(gift.course))
      throw operatorInputError('a course is named by its lesson id: 1 to 64 letters, digits, - or _');
    return { kind: 'course', course: gift.course };
  }
  if (gift.kind === 'team_plan') {
    const product = gift.product as TeamProduct;
    if (!teamProducts.includes(product)) throw operatorInputError(`a team plan is of ${teamProducts.join(', ')}`);
    const type = gift.type;
    if (typeof type !== 'number' || !isTeamPlanType(type)) throw operatorInputError('unknown team plan type');
    return { kind: 'team_plan', product, type, seats: wholeNumber(gift.seats, 'seats', TEAM_PLAN_SEATS_MAX) };
  }
  if (gift.kind === 'company') {
    const seats = wholeNumber(gift.seats, 'seats', COMPANY_SEATS_MAX);
    if (gift.type === 8) return { kind: 'company', seats, type: 8, length: null };
    const length = gift.length as CompanyTermLength;
    if (gift.type !== 9 || !companyTermLengths.includes(length))
      throw operatorInputError(
        `a company is of type 8 (lifelong) or 9 with a term of ${companyTermLengths.join(', ')}`,
      );
    return { kind: 'company', seats, type: 9, length };
  }
  throw operatorInputError('a gift is ai_points, template_credit, membership, coupon, course, team_plan or company');
}

/**
 * Checks an operator's description of what a batch gives and returns it in its stored form:
 * the one place a benefit is read, so a stored benefit is always one this code understands.
 */
export function parseBenefit(kind: RedeemCodeKind, value: unknown): BatchBenefit {
  const fields = (value ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'activation':
      return { kind, ...licenceOf(fields) };
    case 'project': {
      const licence = licenceOf({ ...fields, product: fields.product ?? 'project' });
      if (licence.product !== 'project') throw operatorInputError('a project code gives a project licence');
      return { kind, ...licence };
    }
    case 'replacement': {
      const product = fields.product as SubscriptionProduct;
      if (!subscriptionProducts.includes(product))
        throw operatorInputError(`a replacement is of ${subscriptionProducts.join(', ')}`);
      const platforms = platformsOf(fields.platforms);
      const version = versionOf(fields.version);
      if (!platforms && !version) throw operatorInputError('a replacement names new platforms, a version or both');
      return { kind, product, ...(platforms ? { platforms } : {}), ...(version ? { version } : {}) };
    }
    case 'gift': {
      const gifts = fields.gifts;
      if (!Array.isArray(gifts) || gifts.length === 0 || gifts.length > 10)
        throw operatorInputError('a gift batch gives 1 to 10 gifts');
      const parsed = gifts.map(giftOf);
      if (parsed.length > 1 && parsed.some((gift) => gift.kind === 'company'))
        throw operatorInputError('a company code gives the company alone');
      const kinds = parsed.map((gift) => (gift.kind === 'membership' ? `membership:${gift.product}` : gift.kind));
      if (new Set(kinds).size !== kinds.length) throw operatorInputError('each gift of a batch is of its own kind');
      return { kind, gifts: parsed };
    }
  }
}
