import { createHmac, randomInt } from 'node:crypto';
import {
  CodeErrors,
  CommonErrors,
  formatRedeemCode,
  isWellFormedRedeemCode,
  normaliseRedeemCode,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
  type RedeemCodeKind,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import { findCoupon } from '../coupons/index.js';
import { companyGiftOf, parseBenefit } from './benefit.js';
import * as repo from './codes.repository.js';

/**
 * The operator's side of codes (docs/decisions/027): batches made and their codes printed once,
 * a code looked up, codes disabled.
 */

/** The stored form of a code: keyed by the server's secret, so the database alone reveals none. */
export function codeDigest(secretKey: string, code: string): string {
  return createHmac('sha256', secretKey).update(`redeem-code\n${code}`).digest('hex');
}

/** A new code from the CSPRNG: 16 characters of a 30-letter alphabet, about 78 bits. */
export function newRedeemCode(): string {
  let code = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i++) code += REDEEM_CODE_ALPHABET[randomInt(REDEEM_CODE_ALPHABET.length)];
  return code;
}

export interface BatchInput {
  kind: RedeemCodeKind;
  label: string;
  /** What each redemption gives, as the operator described it; checked by `parseBenefit`. */
  benefit: unknown;
  count: number;
  /** 1: single-use codes; N: each code may be used by N accounts, once each. */
  usageLimit: number;
  validFrom?: number | null;
  validUntil?: number | null;
}

export const BATCH_COUNT_MAX = 10_000;

/**
 * Makes a batch and its codes in one transaction and returns the codes as printed — the only
 * time they are seen: only their digests are stored.
 */
export async function createBatch(db: Db, secretKey: string, input: BatchInput, now: number) {
  const benefit = parseBenefit(input.kind, input.benefit);
  const label = input.label.trim();
  if (label.length < 1 || label.length > 100) throw operatorInputError('the label has 1 to 100 characters');
  if (!Number.isSafeInteger(input.count) || input.count < 1 || input.count > BATCH_COUNT_MAX)
    throw operatorInputError(`count is 1 to ${BATCH_COUNT_MAX}`);
  if (!Number.isSafeInteger(input.usageLimit) || input.usageLimit < 1 || input.usageLimit > 1_000_000)
    throw operatorInputError('the usage limit is 1 to 1000000');
  // A company code creates one company; whoever enters it later becomes its admin (err_type 2).
  if (companyGiftOf(benefit) && input.usageLimit !== 1) throw operatorInputError('company codes are single-use');
  const validFrom = input.validFrom ?? null;
  const validUntil = input.validUntil ?? null;
  if (validUntil !== null && validUntil <= now) throw operatorInputError('the batch must be valid until a future date');
  if (validFrom !== null && validUntil !== null && validUntil <= validFrom)
    throw operatorInputError('the validity must end after it starts');
  const codes = Array.from({ length: input.count }, newRedeemCode);
  const batch = await db.transaction().execute(async (trx) => {
    for (const gift of benefit.kind === 'gift' ? benefit.gifts : [])
      if (gift.kind === 'coupon' && !(await findCoupon(trx, gift.coupon)))
        throw operatorInputError(`no coupon ${gift.coupon}: define it with coupon:define first`);
    const row = await repo.insertBatch(trx, {
      kind: input.kind,
      label,
      benefit: JSON.stringify(benefit),
      usage_limit: input.usageLimit,
      valid_from: validFrom,
      valid_until: validUntil,
      created_at: now,
      disabled_at: null,
    });
    await repo.insertCodes(
      trx,
      codes.map((code) => ({
        batch_id: row.id,
        digest: codeDigest(secretKey, code),
        hint: code.slice(-4),
        created_at: now,
        disabled_at: null,
      })),
    );
    return row;
  });
  return { batch: { ...batch, benefit }, codes: codes.map(formatRedeemCode) };
}

/** What an operator sees of a code: its state, its batch, who redeemed it and every try. */
export async function lookUpCode(db: Db, secretKey: string, typed: string) {
  const code = normaliseRedeemCode(typed);
  const found = isWellFormedRedeemCode(code) ? await repo.findCode(db, codeDigest(secretKey, code)) : undefined;
  if (!found) throw operatorInputError('no such code', CodeErrors.notExists);
  const { batch } = found;
  const [redemptions, attempts] = await repo.codeHistory(db, found.id);
  const now = Math.floor(Date.now() / 1000);
  const state =
    found.code_disabled_at !== null || batch.disabled_at !== null
      ? 'disabled'
      : batch.valid_until !== null && now >= batch.valid_until
        ? 'expired'
        : found.uses >= batch.usage_limit
          ? 'used up'
          : 'redeemable';
  return {
    code: `…${found.hint}`,
    state,
    uses: found.uses,
    batch: { ...batch, benefit: JSON.parse(batch.benefit) as unknown },
    redemptions,
    attempts,
  };
}

/** Disables one code, or every code of a batch: they answer `not exists` from then on. */
export async function disableCodes(
  db: Db,
  secretKey: string,
  target: { batchId: number } | { code: string },
  now: number,
): Promise<{ disabled: 'batch' | 'code'; id: number }> {
  if ('batchId' in target) {
    const id = await repo.disableOnce(db, { batchId: target.batchId }, now);
    if (id === undefined) throw operatorInputError('no such batch, or disabled already', CommonErrors.notFound);
    return { disabled: 'batch', id };
  }
  const code = normaliseRedeemCode(target.code);
  const id = isWellFormedRedeemCode(code)
    ? await repo.disableOnce(db, { digest: codeDigest(secretKey, code) }, now)
    : undefined;
  if (id === undefined) throw operatorInputError('no such code, or disabled already', CodeErrors.notExists);
  return { disabled: 'code', id };
}
