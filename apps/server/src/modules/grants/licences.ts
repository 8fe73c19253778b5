import {
  CommonErrors,
  FOREVER_THRESHOLD,
  type PersonalPlatform,
  type SubscriptionProduct,
  subscriptionProducts,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import { lockOpenUser } from '../user/index.js';
import { licenceRecordEnds } from './grants.repository.js';
import { grant, type GrantRow, type GrantSourceRef } from './grants.service.js';
import { cancelRenewingRecord, insertLicenceGrant, stopLicenceGrantRenewals } from './licences.repository.js';
import {
  type AttributeColumn,
  attributeColumns,
  type ExpiryColumn,
  expiryColumns,
  type LicenceGrantRow,
  rebuildLicenceRecord,
  type SubscriptionRecordRow,
} from './licence-record.js';

/** A licence given: the ends it sets (unix seconds, absolute) and the record attributes it brings. */
export interface LicenceGiven {
  product: SubscriptionProduct;
  ends: Partial<Record<ExpiryColumn, number>>;
  attributes?: Partial<Pick<LicenceGrantRow, AttributeColumn>>;
}

export interface LicenceGrantResult {
  grant: GrantRow;
  /** False when the source had granted its licence already: nothing changed. */
  created: boolean;
  /**
   * The product's record as the person's live grants make it now; null only when the source's
   * earlier grant was taken back and no other grant holds the product.
   */
  record: SubscriptionRecordRow | null;
}

/**
 * Takes the person's row lock for the rest of the transaction, so licence grants of one person
 * run one after the other and an extension reads the end the previous one wrote (SQLite's
 * transactions already run one at a time). False when the account is closed or absent.
 */
export async function lockLicenceHolder(trx: Db, userId: number): Promise<boolean> {
  return (await lockOpenUser(trx, userId)) !== undefined;
}

/** The latest end a person's licence of `product` has on any of `platforms`; null: none there. */
export async function latestEndOn(
  trx: Db,
  userId: number,
  product: SubscriptionProduct,
  platforms: readonly PersonalPlatform[],
): Promise<number | null> {
  if (platforms.length === 0) return null;
  const record = await licenceRecordEnds(trx, userId, product, platforms);
  const ends = Object.values(record ?? {}).flatMap((end) => (end === null ? [] : [Number(end)]));
  return ends.length > 0 ? Math.max(...ends) : null;
}

/**
 * Where a new timed period of a person's licence of `product` on `platforms` starts (spec 01 §2
 * "renew"): at the latest end those platforms hold while it is still to come, so the period adds
 * its whole length to what runs; at `now` when nothing runs there, or when it runs for ever (a
 * period adds nothing to for ever). A plan bought at checkout and an activation code of the same
 * plan both start here, so they give the same time.
 */
export async function periodStart(
  trx: Db,
  userId: number,
  product: SubscriptionProduct,
  platforms: readonly PersonalPlatform[],
  now: number,
): Promise<number> {
  const current = (await latestEndOn(trx, userId, product, platforms)) ?? 0;
  return current > now && current < FOREVER_THRESHOLD ? current : now;
}

/**
 * Gives a licence period from a source (an order, a code, an operator) in the caller's
 * transaction: a `licence` grant with what it sets, then the product's record rebuilt from its
 * live grants. A source that granted its licence before gives nothing more (a payment notice
 * delivered twice).
 */
export async function grantLicence(
  trx: Db,
  userId: number,
  given: LicenceGiven,
  source: GrantSourceRef,
  now: number,
): Promise<LicenceGrantResult> {
  if (!(subscriptionProducts as readonly string[]).includes(given.product)) throw operatorInputError('unknown product');
  const ends = expiryColumns.flatMap((column) => {
    const end = given.ends[column];
    return end === undefined ? [] : [end];
  });
  if (ends.length === 0) throw operatorInputError('name at least one platform');
  if (ends.some((end) => !Number.isSafeInteger(end) || end <= 0))
    throw operatorInputError('an end must be unix seconds');
  const latest = Math.max(...ends);
  if (!(await lockLicenceHolder(trx, userId))) throw operatorInputError('user not found', CommonErrors.notFound);
  const outcome = await grant(
    trx,
    userId,
    { kind: 'licence', item: given.product, expiresAt: latest >= FOREVER_THRESHOLD ? null : latest },
    source,
    now,
  );
  if (outcome.created) {
    const row: Record<string, unknown> = { grant_id: outcome.grant.id, user_id: userId, product: given.product };
    for (const column of expiryColumns) row[column] = given.ends[column] ?? null;
    for (const column of attributeColumns) row[column] = given.attributes?.[column] ?? null;
    await insertLicenceGrant(trx, row as LicenceGrantRow);
  }
  const record = await rebuildLicenceRecord(trx, userId, given.product, now);
  if (!record && outcome.created) throw new Error('a licence record without its live grant');
  return { ...outcome, record };
}

/**
 * Stops a subscription renewing itself, once (spec 01 §6): only a renewing subscription of the
 * cancellable product ids changes. The grants that brought the renewal stop bringing it, so a
 * later rebuild of the record keeps it cancelled. No row back → nothing to cancel.
 */
export async function cancelLicenceRenewal(
  trx: Db,
  userId: number,
  product: SubscriptionProduct,
  now: number,
): Promise<SubscriptionRecordRow | undefined> {
  const updated = await cancelRenewingRecord(trx, userId, product, now);
  if (updated) await stopLicenceGrantRenewals(trx, userId, product);
  return updated;
}

/**
 * Ends the product's renewing subscription because a purchase replaces it (a lifetime plan, or
 * another continuous plan; docs/decisions/056), in the purchase's transaction: the record is
 * rebuilt without the renewal, and the next scheduled charge of its agreement is refused.
 */
export async function endRenewals(trx: Db, userId: number, product: SubscriptionProduct, now: number): Promise<void> {
  // The grants stop bringing the renewal first, so the rebuilt record does not renew again.
  await stopLicenceGrantRenewals(trx, userId, product);
  await rebuildLicenceRecord(trx, userId, product, now);
}
