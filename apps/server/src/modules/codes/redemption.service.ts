import {
  CodeErrors,
  CommonErrors,
  CompanyErrors,
  CouponErrors,
  type ErrorEntry,
  isWellFormedRedeemCode,
  type Language,
  licenceCodeKinds,
  normaliseRedeemCode,
  type RedeemCodeKind,
  type Redemption,
  type Region,
  type SubscriptionProduct,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { AppError, appError } from '../../lib/errors.js';
import { type CouponDto, couponView } from '../coupons/index.js';
import { type Benefit, type BenefitGiven, type BenefitRefusal, giveBenefit } from '../benefits/index.js';
import { type GrantRow, type GrantSourceRef, type RedeemedBenefitDto } from '../grants/index.js';
import { notify } from '../messages/index.js';
import { type BatchBenefit, companyGiftOf, type Gift, parseBenefit } from './benefit.js';
import { codeDigest } from './batches.service.js';
import { boundCodes } from './bound-codes.plugin.js';
import * as repo from './codes.repository.js';

/**
 * The account's side of codes (spec 01 §4 "Code binding", docs/decisions/027): a code redeemed on
 * the licence, gift, coupon or company call, with its checks, its limits on failed tries and the
 * record of every try; what the batch gives is given by the benefits module's `giveBenefit`.
 */

export type RedemptionDto = Static<typeof Redemption>;

const DAY = 86_400;

/**
 * Failed tries allowed before 429 `too frequent` (spec code 5), per account and per address, so
 * the distinct answers of §8 cannot be used to find codes by trying: 10 a minute and 50 a day for
 * an account; an address, which an office or a carrier may share, 30 and 200.
 */
export const redeemLimits = {
  account: [
    { windowSeconds: 60, failures: 10 },
    { windowSeconds: DAY, failures: 50 },
  ],
  address: [
    { windowSeconds: 60, failures: 30 },
    { windowSeconds: DAY, failures: 200 },
  ],
} as const;

/** Why a try did not redeem: recorded as the attempt's outcome, answered per call below. */
type Outcome =
  | 'not_exists'
  | 'wrong_kind'
  | 'not_yet_valid'
  | 'expired'
  | 'used'
  | 'over_limit'
  | 'nothing_to_replace'
  | 'coupon_held'
  | 'wrong_currency'
  | 'team_owner_only';

/**
 * What each call answers for each refusal: the licence and gift calls the msgs of spec 01 §8's
 * bind code errors; the coupon call `invalid code` for any code that is not a coupon's to bind
 * (§8 "Coupon"), and `only one coupon` for the screen's replace prompt.
 */
const answers: Record<'codes' | 'coupon' | 'company', Record<Outcome, ErrorEntry>> = {
  codes: {
    not_exists: CodeErrors.notExists,
    wrong_kind: CodeErrors.wrongKind,
    not_yet_valid: CodeErrors.notYetValid,
    expired: CodeErrors.expired,
    used: CodeErrors.used,
    over_limit: CodeErrors.overLimit,
    nothing_to_replace: CodeErrors.nothingToReplace,
    coupon_held: CodeErrors.couponHeld,
    // A coupon for the other region's accounts: as a code of the wrong kind, which it is here.
    wrong_currency: CodeErrors.wrongKind,
    team_owner_only: CodeErrors.teamOwnerOnly,
  },
  coupon: {
    not_exists: CouponErrors.invalidCode,
    wrong_kind: CouponErrors.invalidCode,
    not_yet_valid: CouponErrors.invalidCode,
    expired: CouponErrors.expired,
    used: CouponErrors.used,
    over_limit: CouponErrors.overLimit,
    nothing_to_replace: CouponErrors.invalidCode,
    coupon_held: CouponErrors.held,
    wrong_currency: CouponErrors.invalidCode,
    team_owner_only: CouponErrors.invalidCode,
  },
  // Spec 02 §8 "Company create": one answer for any code that creates no company.
  company: {
    not_exists: CompanyErrors.codeInvalid,
    wrong_kind: CompanyErrors.codeInvalid,
    not_yet_valid: CompanyErrors.codeInvalid,
    expired: CompanyErrors.codeInvalid,
    used: CompanyErrors.codeInvalid,
    over_limit: CompanyErrors.codeInvalid,
    nothing_to_replace: CompanyErrors.codeInvalid,
    coupon_held: CompanyErrors.codeInvalid,
    wrong_currency: CompanyErrors.codeInvalid,
    team_owner_only: CompanyErrors.codeInvalid,
  },
};

/** A refusal decided inside the redemption's transaction, which it rolls back. */
class Refusal extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome);
  }
}

export interface RedeemInput {
  userId: number;
  region: Region;
  ip: string;
  code: string;
  /**
   * Which call: the licence call takes activation, replacement and project codes, and gift codes
   * as the gift call does; the gift call gift codes; the coupon call gift codes that give a coupon; the company call company codes.
   */
  via: 'licence' | 'gift' | 'coupon' | 'company';
  /** The company call: the name of the company a company code creates (the creator's nickname when null). */
  companyName?: string | null;
  /** The person confirmed replacing the coupon they hold with the one this code gives. */
  replaceCoupon?: boolean;
}

/** What a redemption gave: as the account sees it, and the grants themselves. */
interface Given {
  redemption: RedemptionDto;
  grants: GrantRow[];
  /** A company code's company: created by this redemption (err_type 0), or joined as admin (2). */
  company?: { id: number; errType: 0 | 2 };
}

export interface RedeemDeps {
  db: Db;
  secretKey: string;
  now: number;
  /** Marks the request's idempotency key applied inside the redemption's transaction. */
  markApplied: (trx: Db) => Promise<void>;
}

/**
 * Refuses a try when the account or the address has failed too often lately. Every try is
 * recorded first, as pending, and counts as a failure until it is settled, so a burst of
 * concurrent guesses is held to the limit as well as one guess after another; each try counts
 * only those recorded before it, so the first of a burst still pass.
 */
async function refuseWhenTooMany(db: Db, key: repo.AttemptKey, attemptId: number, now: number): Promise<void> {
  const longest = Math.max(...[...redeemLimits.account, ...redeemLimits.address].map((rule) => rule.windowSeconds));
  const checks = [
    { who: { userId: key.userId }, rules: redeemLimits.account },
    { who: { ip: key.ip }, rules: redeemLimits.address },
  ];
  let retryAfter = 0;
  for (const { who, rules } of checks) {
    const most = Math.max(...rules.map((rule) => rule.failures));
    const times = await repo.failureTimes(db, who, now - longest, most + 1, attemptId);
    for (const rule of rules) {
      const inWindow = times.filter((at) => at > now - rule.windowSeconds);
      // This try is one of them: more than the rule allows is over it.
      if (inWindow.length > rule.failures) {
        // Allowed again once the newest `failures` earlier ones are all that is left in the window.
        const oldestCounted = inWindow[rule.failures] ?? now;
        retryAfter = Math.max(retryAfter, oldestCounted + rule.windowSeconds - now, 1);
      }
    }
  }
  if (retryAfter > 0) throw appError(CommonErrors.tooFrequent, { retry_after: retryAfter });
}

/**
 * Redeems a code for the account (spec 01 §4 "Code binding"): the use and what it gives in one
 * transaction, so a redemption answered with success is never half done, and a refused one
 * changes nothing but its attempt record. The database decides every race: one account's use of
 * a code is unique, and a code's uses are raised only below its batch's limit.
 */
export async function redeemCode(deps: RedeemDeps, input: RedeemInput): Promise<RedemptionDto> {
  return redeem(deps, input, async (_trx, given) => given.redemption);
}

/**
 * Binds a coupon code (spec 01 §7 activeCoupon): a gift code that gives a coupon, redeemed as
 * any code is, answering with the coupon now held, described in the reader's language as the
 * coupon list describes it (docs/decisions/058).
 */
export async function redeemCouponCode(
  deps: RedeemDeps,
  input: Omit<RedeemInput, 'via'> & { language: Language },
): Promise<CouponDto> {
  const { language, ...redemption } = input;
  return redeem(deps, { ...redemption, via: 'coupon' }, (trx, given) => {
    const held = given.grants.find((row) => row.kind === 'coupon');
    if (!held) throw new Error('a coupon code gave no coupon');
    return couponView(trx, held, boundCodes, { language, region: input.region });
  });
}

/**
 * Redeems a company code (spec 02 §7 `POST coop/create`, licenseCompany): the first redemption
 * creates the company with the person as creator; a later one adds them to it as admin (`err_type`
 * 2). Every other code, and this account's second try of the same one, is `codeInvalid`.
 */
export async function redeemCompanyCode(
  deps: RedeemDeps,
  input: Omit<RedeemInput, 'via' | 'replaceCoupon'>,
): Promise<{ companyId: number; errType: 0 | 2 }> {
  return redeem(deps, { ...input, via: 'company' }, async (_trx, given) => {
    if (!given.company) throw new Error('a company code gave no company');
    return { companyId: given.company.id, errType: given.company.errType };
  });
}

/**
 * Whether the batch's codes belong on the call they were sent to. The licence call takes gift
 * codes too, as the gift call does: the licence screen invites them, and overseas it is the one
 * code box a person finds (docs/decisions/055).
 */
function takenBy(via: RedeemInput['via'], benefit: BatchBenefit): boolean {
  if (via === 'licence' && licenceCodeKinds.includes(benefit.kind)) return true;
  if (benefit.kind !== 'gift') return false;
  if (via === 'licence') return companyGiftOf(benefit) === undefined;
  if ((via === 'company') !== (companyGiftOf(benefit) !== undefined)) return false;
  return via !== 'coupon' || benefit.gifts.some((gift) => gift.kind === 'coupon');
}

async function redeem<T>(
  deps: RedeemDeps,
  input: RedeemInput,
  answer: (trx: Db, given: Given) => Promise<T>,
): Promise<T> {
  const { db, now } = deps;
  const key = { userId: input.userId, ip: input.ip };
  const attemptId = await repo.insertPendingAttempt(db, key, now);
  try {
    await refuseWhenTooMany(db, key, attemptId, now);
  } catch (error) {
    await repo.settleAttempt(db, attemptId, 'limited', null);
    throw error;
  }
  const code = normaliseRedeemCode(input.code);
  let codeId: number | null = null;
  try {
    if (!isWellFormedRedeemCode(code)) throw new Refusal('not_exists');
    return await db.transaction().execute(async (trx) => {
      const found = await repo.findCode(trx, codeDigest(deps.secretKey, code));
      if (!found || found.code_disabled_at !== null || found.batch.disabled_at !== null)
        throw new Refusal('not_exists');
      codeId = found.id;
      const { batch } = found;
      const benefit = parseBenefit(batch.kind, JSON.parse(batch.benefit));
      if (!takenBy(input.via, benefit)) throw new Refusal('wrong_kind');
      if (batch.valid_from !== null && now < batch.valid_from) throw new Refusal('not_yet_valid');
      if (batch.valid_until !== null && now >= batch.valid_until) throw new Refusal('expired');
      if (!(await repo.claimRedemption(trx, found.id, input.userId, now))) throw new Refusal('used');
      const source: GrantSourceRef = {
        kind: 'code',
        id: `${found.id}:${input.userId}`,
        reason: `code …${found.hint} (${batch.label})`.slice(0, 200),
      };
      let given: Given;
      if (await repo.countUse(trx, found.id, batch.usage_limit)) {
        given = await giveBatchBenefit(trx, input, benefit, source, now, found.id);
      } else {
        // A used company code adds the person to the company it created, as admin (err_type 2).
        const joined =
          input.via === 'company'
            ? await giveBenefit(trx, input.userId, { kind: 'company_admin', codeId: found.id }, source, now)
            : null;
        if (joined === null || joined.refused) throw new Refusal(batch.usage_limit === 1 ? 'used' : 'over_limit');
        given = { ...redeemed('gift', null, []), company: { id: joined.companyId, errType: 2 } };
      }
      const answered = await answer(trx, given);
      await notify(trx, input.userId, 'codeRedeemed', { code: found.hint }, now);
      await deps.markApplied(trx);
      await repo.settleAttempt(trx, attemptId, 'redeemed', found.id);
      return answered;
    });
  } catch (error) {
    if (!(error instanceof Refusal)) {
      // Refused by what the code gives (a full company, say): the try is settled, not left pending.
      if (error instanceof AppError) await repo.settleAttempt(db, attemptId, 'refused', codeId);
      throw error;
    }
    await repo.settleAttempt(db, attemptId, error.outcome, codeId);
    const call = input.via === 'coupon' || input.via === 'company' ? input.via : 'codes';
    throw appError(answers[call][error.outcome]);
  }
}

/** One thing given: the grant that holds it and the benefit as the reminder box names it. */
interface GiftGiven {
  grant: GrantRow;
  benefit: RedeemedBenefitDto;
}

/** What a redemption gave, as its answer names it and as the grants module holds it. */
const redeemed = (kind: RedeemCodeKind, product: SubscriptionProduct | null, given: GiftGiven[]): Given => ({
  redemption: {
    kind,
    product,
    grants: given.map(({ grant: row }) => ({
      kind: row.kind,
      item: row.item,
      amount: row.amount,
      expires_at: row.expires_at,
    })),
    benefits: given.map(({ benefit }) => benefit),
  },
  grants: given.map(({ grant: row }) => row),
});

/**
 * A benefit given, as a code's answer names it; a refusal of the person (a coupon held, a team
 * not theirs, nothing to replace) rolls the redemption back with its answer.
 */
function giftGiven(outcome: BenefitGiven | BenefitRefusal): GiftGiven {
  if (outcome.refused === 'not_given' || outcome.refused === 'company_changed')
    throw new Error(`a code's benefit cannot be refused so: ${outcome.refused}`);
  if (outcome.refused !== undefined) throw new Refusal(outcome.refused);
  if (!outcome.grant || !outcome.told) throw new Error('a code gave a benefit without its grant');
  return { grant: outcome.grant, benefit: outcome.told };
}

/** One gift of a batch as the grants module gives it. */
function benefitOfGift(gift: Exclude<Gift, { kind: 'company' }>, input: RedeemInput, now: number): Benefit {
  switch (gift.kind) {
    case 'ai_points':
    case 'template_credit':
      return { kind: gift.kind, amount: gift.amount, expiresAt: gift.days ? now + gift.days * DAY : null };
    case 'membership':
      return { ...gift, kind: 'licence_days' };
    case 'coupon':
      return { kind: 'coupon', coupon: gift.coupon, replaceHeld: input.replaceCoupon === true };
    case 'course':
      return { kind: 'course', course: gift.course };
    case 'team_plan':
      return { kind: 'team_plan', team: { ownedOf: gift.product }, type: gift.type, seats: gift.seats };
  }
}

/** Gives what the batch says, through the grants module, in the redemption's transaction. */
async function giveBatchBenefit(
  trx: Db,
  input: RedeemInput,
  benefit: BatchBenefit,
  source: GrantSourceRef,
  now: number,
  codeId: number,
): Promise<Given> {
  switch (benefit.kind) {
    case 'activation':
    case 'project': {
      const { kind, ...plan } = benefit;
      const given = giftGiven(
        await giveBenefit(trx, input.userId, { ...plan, kind: 'plan_licence', region: input.region }, source, now),
      );
      return redeemed(kind, given.benefit.kind === 'licence' ? given.benefit.product : null, [given]);
    }
    case 'replacement': {
      const given = giftGiven(
        await giveBenefit(trx, input.userId, { ...benefit, kind: 'licence_replacement' }, source, now),
      );
      return redeemed('replacement', benefit.product, [given]);
    }
    case 'gift': {
      const company = companyGiftOf(benefit);
      if (company) {
        const { seats, type, length } = company;
        const name = input.companyName ?? null;
        const made = await giveBenefit(
          trx,
          input.userId,
          { kind: 'company', seats, type, length, codeId, name },
          source,
          now,
        );
        return { ...redeemed('gift', null, []), company: { id: made.companyId, errType: 0 } };
      }
      const given: GiftGiven[] = [];
      let product: SubscriptionProduct | null = null;
      for (const gift of benefit.gifts) {
        if (gift.kind === 'company') throw new Error('a company code gives the company alone');
        given.push(giftGiven(await giveBenefit(trx, input.userId, benefitOfGift(gift, input, now), source, now)));
        if (gift.kind === 'membership') product ??= gift.product;
      }
      return redeemed('gift', product, given);
    }
  }
}
