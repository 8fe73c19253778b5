import {
  COUPON_PERCENT_MAX,
  type Coupon,
  type CouponProduct,
  type CouponProductType,
  couponProducts,
  couponProductTypes,
  couponRange,
  couponRules,
  type CouponType,
  couponTypeValues,
  type Currency,
  currencies,
  currencyOfRegion,
  isAmountCoupon,
  formatRedeemCode,
  templateCommunityPaths,
  type ClosingForfeitItem,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import {
  normaliseLocalised,
  type Reader,
  readLocalised,
  storedTranslations,
  type Translations,
} from '../../lib/localised-text.js';
import {
  grant,
  type GrantRow,
  type GrantSourceRef,
  lockLicenceHolder,
  onlyStandingGrant,
  revoke,
} from '../grants/index.js';
import { findAccountSettings } from '../user/index.js';
import type { BoundCodes } from './bound-codes.js';
import { type CouponRow, findCoupon, insertCoupon } from './coupons.repository.js';

export { type CouponRow, findCoupon };
export type CouponDto = Static<typeof Coupon>;

const DAY = 86_400;

export interface CouponDefinition {
  type: CouponType;
  product: CouponProduct;
  /** What it takes money off: templates (default) or the checkout's plans. */
  productType?: CouponProductType;
  /** Minor units off, or the percentage off for type 2. */
  value: number;
  currency: Currency;
  minSpend?: number;
  /** The description where none of `infoTranslations` matches the reader (default: the English one). */
  info?: string | undefined;
  /** The description in the languages it is given in (docs/decisions/058). */
  infoTranslations?: Translations | undefined;
  /** Days a bound coupon lasts; absent: until `validUntil`, or for ever. */
  validDays?: number | null;
  validUntil?: number | null;
}

/** Makes a coupon an operator describes, checked as the table's constraints would. */
export async function defineCoupon(db: Db, input: CouponDefinition, now: number): Promise<CouponRow> {
  if (!couponTypeValues.includes(input.type)) throw operatorInputError(`type is ${couponTypeValues.join(', ')}`);
  if (!couponProducts.includes(input.product)) throw operatorInputError(`product is ${couponProducts.join(', ')}`);
  if (input.productType !== undefined && !couponProductTypes.includes(input.productType))
    throw operatorInputError(`product type is ${couponProductTypes.join(', ')}`);
  if (!currencies.includes(input.currency)) throw operatorInputError(`currency is ${currencies.join(', ')}`);
  const valueMax = input.type === 2 ? COUPON_PERCENT_MAX : 100_000_00;
  if (!Number.isSafeInteger(input.value) || input.value < 1 || input.value > valueMax)
    throw operatorInputError(`value is a whole number from 1 to ${valueMax}`);
  const minSpend = input.minSpend ?? 0;
  if (!Number.isSafeInteger(minSpend) || minSpend < 0 || minSpend > 100_000_00)
    throw operatorInputError('the least spend is a whole number of minor units, 0 for none');
  const info = normaliseLocalised({ text: input.info, translations: input.infoTranslations }, (text) => {
    const trimmed = text.trim();
    if (trimmed.length < 1 || trimmed.length > 200) throw operatorInputError('the description has 1 to 200 characters');
    return trimmed;
  });
  const validDays = input.validDays ?? null;
  if (validDays !== null && (!Number.isSafeInteger(validDays) || validDays < 1 || validDays > 36_500))
    throw operatorInputError('days are 1 to 36500');
  const validUntil = input.validUntil ?? null;
  if (validUntil !== null && validUntil <= now)
    throw operatorInputError('the coupon must be valid until a future date');
  return insertCoupon(db, {
    type: input.type,
    product: input.product,
    product_type: input.productType ?? 'template',
    value: input.value,
    currency: input.currency,
    min_spend: minSpend,
    info: info.text,
    info_translations: storedTranslations(info.translations),
    valid_days: validDays,
    valid_until: validUntil,
    created_at: now,
  });
}

/** When a coupon bound now ends: its days from now, but never past its own end; null: never. */
function endOf(coupon: CouponRow, now: number): number | null {
  const ends = [coupon.valid_until, coupon.valid_days === null ? null : now + coupon.valid_days * DAY].filter(
    (end): end is number => end !== null,
  );
  return ends.length === 0 ? null : Math.min(...ends);
}

export type HoldOutcome =
  | { held: true; grant: GrantRow }
  /** A live coupon is held and replacing it was not confirmed. */
  | { held: false; reason: 'coupon_held' }
  /** The coupon itself is past its end. */
  | { held: false; reason: 'expired' }
  /** An amount off in the currency of the other region's accounts. */
  | { held: false; reason: 'wrong_currency' };

/**
 * Gives the account the coupon from `source`, in the caller's transaction (spec 01 §4: one
 * coupon at a time). The account's row is locked first, so binds of one account queue and each
 * sees the coupon the one before left; a held coupon that has expired is let go without asking,
 * a live one only when `replace` confirms it. The unique index on live coupon grants holds the
 * rule even against code that skips this function.
 */
export async function holdCoupon(
  trx: Db,
  userId: number,
  couponId: number,
  source: GrantSourceRef,
  replace: boolean,
  now: number,
): Promise<HoldOutcome> {
  if (!(await lockLicenceHolder(trx, userId))) throw operatorInputError('user not found');
  const coupon = await findCoupon(trx, couponId);
  if (!coupon) throw new Error(`a batch gives coupon ${couponId}, which does not exist`);
  // An amount off in another region's currency could never apply at this account's checkout.
  const account = await findAccountSettings(trx, userId);
  if (!account) throw operatorInputError('user not found');
  if (isAmountCoupon(coupon.type) && coupon.currency !== currencyOfRegion(account.region))
    return { held: false, reason: 'wrong_currency' };
  const expiresAt = endOf(coupon, now);
  if (expiresAt !== null && expiresAt <= now) return { held: false, reason: 'expired' };
  const current = await liveCouponGrant(trx, userId);
  if (current) {
    const expired = current.expires_at !== null && current.expires_at <= now;
    if (!expired && !replace) return { held: false, reason: 'coupon_held' };
    await revoke(
      trx,
      current.id,
      expired ? 'coupon expired' : `coupon replaced by ${source.reason}`.slice(0, 200),
      now,
    );
  }
  const given = await grant(trx, userId, { kind: 'coupon', item: String(coupon.id), expiresAt }, source, now);
  return { held: true, grant: given.grant };
}

/** The coupon grant the account holds, live or past its end; none once let go. */
export function liveCouponGrant(db: Db, userId: number): Promise<GrantRow | undefined> {
  return onlyStandingGrant(db, userId, 'coupon');
}

/** The code a coupon was bound with, as the account may see it again: its last four characters. */
async function boundWith(db: Db, held: GrantRow, codes: BoundCodes): Promise<string | null> {
  if (held.source_kind !== 'code') return null;
  const hint = await codes.hintOf(db, Number(held.source_id.split(':')[0]));
  return hint === null ? null : formatRedeemCode(`${'•'.repeat(12)}${hint}`);
}

/**
 * A held coupon as the account sees it (spec 01 §3 "Coupon"), its description in the reader's
 * language (without a reader, the untagged one).
 */
export async function couponView(db: Db, held: GrantRow, codes: BoundCodes, reader?: Reader): Promise<CouponDto> {
  const coupon = await findCoupon(db, Number(held.item));
  if (!coupon) throw new Error(`grant ${held.id} holds coupon ${held.item}, which does not exist`);
  const range = couponRange(coupon.product);
  return {
    id: held.id,
    info: [reader ? readLocalised(coupon.info, coupon.info_translations, reader) : coupon.info],
    product: coupon.product,
    product_type: coupon.product_type,
    type: coupon.type,
    value: coupon.value,
    currency: coupon.currency,
    min_spend: coupon.min_spend,
    updated_at: held.granted_at,
    exp: held.expires_at,
    // A plan coupon is used at this site's checkout, not in a template community.
    url: coupon.product_type === 'plan' ? [] : range.map((name) => ({ name, url: templateCommunityPaths[name] })),
    code: await boundWith(db, held, codes),
    range,
    rules: couponRules(coupon.type),
  };
}

/** The grant of the coupon the account holds and may still use, if any. */
async function usableCouponGrant(db: Db, userId: number, now: number): Promise<GrantRow | undefined> {
  const held = await liveCouponGrant(db, userId);
  return held && (held.expires_at === null || held.expires_at > now) ? held : undefined;
}

/** The coupon the account holds and may still use: none, or one (spec 01 §7 getCounpon). */
export async function heldCoupons(
  db: Db,
  userId: number,
  now: number,
  codes: BoundCodes,
  reader?: Reader,
): Promise<CouponDto[]> {
  const held = await usableCouponGrant(db, userId, now);
  return held ? [await couponView(db, held, codes, reader)] : [];
}

/** What closing the account gives up here (modules/manifest.ts `closingForfeits`): its coupon. */
export async function couponForfeits(db: Db, userId: number, now: number): Promise<ClosingForfeitItem[]> {
  return (await usableCouponGrant(db, userId, now)) ? [{ kind: 'coupons', count: 1 }] : [];
}
