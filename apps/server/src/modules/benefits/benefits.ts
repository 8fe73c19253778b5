import {
  type BalanceKind,
  type LicenceLength,
  type Region,
  type TeamPlanType,
  type TeamProduct,
  TeamRole,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import {
  type BusinessPlanBought,
  type CompanyChangedSincePriced,
  foundCompanyFromCode,
  giveBusinessPlan,
  joinCompanyOfCode,
} from '../companies/index.js';
import { findCoupon, holdCoupon } from '../coupons/index.js';
import {
  giveLicenceDays,
  givePlanLicence,
  grant,
  grantLicence,
  type GrantRow,
  type GrantSourceRef,
  type LicenceDays,
  type LicenceGiven,
  type LicenceReplacement,
  type PlanLicence,
  type RedeemedBenefitDto,
  replaceLicence,
} from '../grants/index.js';
import { giveUnlimited } from '../points/index.js';
import { findMembership, giveBoughtTeamPlan, giveTeamPlan } from '../teams/index.js';

/**
 * Everything a person can be given, whatever gives it (a payment, an order, a redeemed code, a
 * plan's extras, an operator, the demo): one case each, given by `giveBenefit`
 * (docs/architecture.md#grants-and-ledgers, docs/decisions/060 and 062).
 */
export type Benefit =
  /** A licence period as its source sets it: the ends per platform and the record's attributes (an order's). */
  | ({ kind: 'licence' } & LicenceGiven)
  /** The licence an order of a plan would give, from where the running licence ends (an activation code). */
  | ({ kind: 'plan_licence'; region: Region } & PlanLicence)
  /** Days of a licence added to what each platform holds (a gift code's membership). */
  | ({ kind: 'licence_days' } & LicenceDays)
  /** A held licence moved onto other platforms or a version (a replacement code). */
  | ({ kind: 'licence_replacement' } & LicenceReplacement)
  /** An amount of a balance: AI points, template credit (fen), income. */
  | { kind: BalanceKind; amount: number; expiresAt?: number | null; method?: string }
  /** Days of unlimited AI use, added to its end (the points module keeps it). */
  | { kind: 'unlimited_ai'; days: number }
  /** A coupon held (one at a time): `replaceHeld` lets a live coupon go for it. */
  | { kind: 'coupon'; coupon: number; replaceHeld: boolean }
  /** A course of the academy, held for good. */
  | { kind: 'course'; course: string }
  /**
   * A plan of seats for a team: the team of `product` the person owns (a code), or the team named
   * (an operator, the demo); `expire` absent: the type's term from now.
   */
  | {
      kind: 'team_plan';
      team: { ownedOf: TeamProduct } | { id: number };
      type: TeamPlanType;
      seats: number;
      expire?: number | null;
    }
  /** A team plan paid for (a business term bought for a team): its seats and as many member places. */
  | { kind: 'bought_team_plan'; teamId: number; type: TeamPlanType; seats: number }
  /** A company a company code creates, with the person as its creator. */
  | { kind: 'company'; seats: number; type: 8 | 9; length: LicenceLength | null; codeId: number; name: string | null }
  /** An admin's seat in the company a used company code created. */
  | { kind: 'company_admin'; codeId: number }
  /** A business plan paid for: a new company, or time or seats for one the person created. */
  | ({ kind: 'business_plan' } & BusinessPlanBought);

export type BenefitKind = Benefit['kind'];

/** Why a benefit was not given; the caller's transaction decides whether to go on. */
export type BenefitRefusal =
  /** A replacement of a licence the person holds nothing running of. */
  | { refused: 'nothing_to_replace' }
  /** A coupon: one is held already, it has ended, or it is in another region's currency. */
  | { refused: 'coupon_held' | 'expired' | 'wrong_currency' }
  /** A team plan for a team the person does not own. */
  | { refused: 'team_owner_only' }
  /** It cannot be given as things are (the team gone, the company not the buyer's, no company of the code). */
  | { refused: 'not_given' }
  /** A business plan priced for a company that has changed since (docs/decisions/052). */
  | { refused: 'company_changed'; change: CompanyChangedSincePriced };

/** A benefit given: the grant holding it (null where its own module keeps it), and how to tell the person. */
export interface BenefitGiven {
  refused?: undefined;
  grant: GrantRow | null;
  /** False when the source had given it before (a notice delivered twice): nothing changed. */
  created: boolean;
  /** As a redeemed code's answer names it; null where that answer has no words for it. */
  told: RedeemedBenefitDto | null;
}

type BenefitOf<K extends BenefitKind> = Extract<Benefit, { kind: K }>;
type Giver<K extends BenefitKind> = (
  trx: Db,
  holder: number,
  benefit: BenefitOf<K>,
  source: GrantSourceRef,
  now: number,
) => Promise<BenefitGiven | BenefitRefusal>;

/** The balance kinds: a grant of the amount, with its ledger entry (docs/decisions/022). */
async function balance(trx: Db, holder: number, benefit: BenefitOf<BalanceKind>, source: GrantSourceRef, now: number) {
  const given = await grant(
    trx,
    holder,
    {
      kind: benefit.kind,
      amount: benefit.amount,
      expiresAt: benefit.expiresAt ?? null,
      ...(benefit.method === undefined ? {} : { method: benefit.method }),
    },
    source,
    now,
  );
  const { expires_at } = given.grant;
  const told: RedeemedBenefitDto | null =
    benefit.kind === 'ai_points'
      ? { kind: 'ai_points', amount: benefit.amount, expires_at }
      : benefit.kind === 'template_credit'
        ? // Template credit is kept in fen of yuan, in both regions (docs/decisions/030, 056).
          { kind: 'template_credit', amount: benefit.amount, currency: 'CNY', expires_at }
        : null;
  return { ...given, told };
}

/**
 * How each kind is given: licences, balances and courses by the grants module's ledger, the others
 * by the module that keeps them (points, coupons, teams, companies); each giver only calls them.
 */
const givers = {
  licence: async (trx, holder, { kind: _, ...licence }, source, now) => {
    const given = await grantLicence(trx, holder, licence, source, now);
    return { grant: given.grant, created: given.created, told: null, record: given.record };
  },
  plan_licence: async (trx, holder, { kind: _, region, ...plan }, source, now) =>
    givePlanLicence(trx, holder, region, plan, source, now),
  licence_days: async (trx, holder, { kind: _, ...days }, source, now) =>
    giveLicenceDays(trx, holder, days, source, now),
  licence_replacement: async (trx, holder, { kind: _, ...replacement }, source, now) =>
    (await replaceLicence(trx, holder, replacement, source, now)) ?? { refused: 'nothing_to_replace' },
  ai_points: balance,
  template_credit: balance,
  income: balance,
  unlimited_ai: async (trx, holder, { days }, _source, now) => {
    const until = await giveUnlimited(trx, holder, days, now);
    return { grant: null, created: true, told: null, until };
  },
  coupon: async (trx, holder, benefit, source, now) => {
    const outcome = await holdCoupon(trx, holder, benefit.coupon, source, benefit.replaceHeld, now);
    if (!outcome.held) return { refused: outcome.reason };
    const coupon = await findCoupon(trx, benefit.coupon);
    if (!coupon) throw new Error(`coupon ${benefit.coupon} held but not found`);
    const { type, value, currency, min_spend } = coupon;
    return {
      grant: outcome.grant,
      created: true,
      told: { kind: 'coupon', type, value, currency, min_spend, expires_at: outcome.grant.expires_at },
    };
  },
  course: async (trx, holder, { course }, source, now) => {
    const given = await grant(trx, holder, { kind: 'course', item: course }, source, now);
    return { ...given, told: { kind: 'course', course } };
  },
  team_plan: async (trx, holder, benefit, source, now) => {
    let teamId: number;
    let product: TeamProduct | null = null;
    if ('ownedOf' in benefit.team) {
      // Seats are the team's: only the owner of a team of the product takes them.
      const membership = await findMembership(trx, holder, benefit.team.ownedOf);
      if (membership?.role !== TeamRole.owner) return { refused: 'team_owner_only' };
      teamId = membership.team_id;
      product = benefit.team.ownedOf;
    } else teamId = benefit.team.id;
    const { type, seats } = benefit;
    const expire = benefit.expire === undefined ? {} : { expire: benefit.expire };
    const given = await giveTeamPlan(trx, { teamId, type, seats, source, ...expire }, now);
    const expires_at = given.grant.expires_at;
    return {
      grant: given.grant,
      created: given.created,
      told: product === null ? null : { kind: 'seats', product, seats, expires_at },
      plan: given.plan,
    };
  },
  bought_team_plan: async (trx, _holder, { teamId, type, seats }, source, now) => {
    const given = await giveBoughtTeamPlan(trx, { teamId, type, seats, source }, now);
    if (!given) return { refused: 'not_given' };
    return { grant: null, created: true, told: null, plan: given.plan, product: given.product };
  },
  company: async (trx, holder, { seats, type, length, codeId, name }, _source, now) => {
    const companyId = await foundCompanyFromCode(trx, holder, { benefit: { seats, type, length }, codeId, name }, now);
    return { grant: null, created: true, told: null, companyId };
  },
  company_admin: async (trx, holder, { codeId }, _source, now) => {
    const companyId = await joinCompanyOfCode(trx, holder, codeId, now);
    if (companyId === null) return { refused: 'not_given' };
    return { grant: null, created: true, told: null, companyId };
  },
  business_plan: async (trx, holder, { kind: _, ...plan }, _source, now) => {
    const company = await giveBusinessPlan(trx, holder, plan, now);
    if (!company) return { refused: 'not_given' };
    if ('refused' in company) return { refused: 'company_changed', change: company };
    return { grant: null, created: true, told: null, ...company };
  },
} satisfies { [K in BenefitKind]: Giver<K> };

/** What giving a benefit of kind `K` answers: what its giver gives back, or why it gave nothing. */
export type BenefitOutcome<K extends BenefitKind> = Awaited<ReturnType<(typeof givers)[K]>>;

/**
 * Gives `benefit` to `holder` (the person it is for, or who bought it for their team or company)
 * from `source`, inside the caller's transaction, so the source's own rows and what it gives commit
 * together or not at all. Idempotent where the grants are: a source gives each kind of grant once
 * (its kind and id are the key), so a payment notice delivered twice gives nothing more; unlimited
 * days and a company, which their modules keep without a grant, are given once by their caller's
 * own claim (the paid checkout, the code's use).
 */
export async function giveBenefit<B extends Benefit>(
  trx: Db,
  holder: number,
  benefit: B,
  source: GrantSourceRef,
  now: number,
): Promise<BenefitOutcome<B['kind']>> {
  if (!trx.isTransaction) throw new Error('giveBenefit: call inside the source’s transaction');
  const give = givers[benefit.kind] as unknown as Giver<B['kind']>;
  return (await give(trx, holder, benefit as unknown as BenefitOf<B['kind']>, source, now)) as BenefitOutcome<
    B['kind']
  >;
}

/**
 * `giveBenefit` in a transaction of its own, for a source with nothing else to write beside it
 * (the demo's seeds, a test's setting up).
 */
export function giveBenefitAlone<B extends Benefit>(
  db: Db,
  holder: number,
  benefit: B,
  source: GrantSourceRef,
  now: number,
): Promise<BenefitOutcome<B['kind']>> {
  return db.transaction().execute((trx) => giveBenefit(trx, holder, benefit, source, now));
}
