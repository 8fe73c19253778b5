import { expiryFields, type SubscriptionProduct } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import {
  deleteLicenceRecord,
  type LicenceGrantRow,
  type LicenceRecordValues,
  liveLicenceGrants,
  type SubscriptionRecordRow,
  writeLicenceRecord,
} from './licences.repository.js';

export type { LicenceGrantRow, SubscriptionRecordRow };

/** The ends of a licence record, one per platform; the team's two apart (spec 01 §3). */
export const expiryColumns = expiryFields;
export type ExpiryColumn = (typeof expiryFields)[number];

/** The record's columns a licence grant may bring besides its ends. */
export const attributeColumns = [
  'type',
  'name',
  'version',
  'order_type',
  'product_id',
  'order_no',
  'channel',
  'group_name',
  'fuser',
  'is_99',
  'have_renew',
  'upgrade_time',
  'started_at',
] as const;
export type AttributeColumn = (typeof attributeColumns)[number];

/**
 * The attributes that say who renews a subscription and how: where it is charged (a store is
 * managed there, an online one cancelled here), its product id (what may be cancelled here) and
 * the 99 offer (never renewed by hand).
 */
const renewalDefaults = { channel: null, product_id: null, is_99: 0 } as const;

/** Names a record gets when no grant names it; the web shows its own localised names. */
const defaultNames: Record<SubscriptionProduct, string> = {
  max: 'Diagram',
  mind: 'Mind Map',
  proj: 'Project',
  math: 'Formula',
  hb: 'Whiteboard',
  ppt: 'Slides',
};

/** How far a grant reaches: its latest end. */
const reach = (row: LicenceGrantRow) => Math.max(...expiryColumns.map((column) => row[column] ?? 0));

/**
 * The record of a product as its live grants make it:
 * - each platform ends at the latest end any live grant gives it, so a later, shorter purchase
 *   never cuts a longer one short, and taking a grant back leaves what the others give;
 * - the attributes (plan name, type, order, channel…) are those of the grant reaching furthest,
 *   the others filling what it leaves unset; that grant is the record's `grant_id`;
 * - the record renews while any live grant's renewal stands: a plan of fixed length bought on top
 *   of a subscription reaches further but does not end it (docs/decisions/056); a renewal ends by
 *   being cancelled, or by a purchase that ends it (`endRenewals`); while it does, the renewal's
 *   attributes (renewalDefaults' columns) are those of the renewing grant, so a lifetime desktop licence
 *   bought in a store never makes an online subscription's renewal read as the store's.
 */
export function recordOf(
  userId: number,
  product: SubscriptionProduct,
  live: readonly LicenceGrantRow[],
  now: number,
): LicenceRecordValues | null {
  if (live.length === 0) return null;
  const byReach = [...live].sort((a, b) => reach(a) - reach(b) || a.grant_id - b.grant_id);
  const record: LicenceRecordValues = {
    user_id: userId,
    product,
    type: 'subs',
    name: defaultNames[product],
    version: null,
    order_type: null,
    product_id: null,
    order_no: null,
    channel: null,
    win_exp: null,
    mac_exp: null,
    linux_exp: null,
    online_exp: null,
    mobile_exp: null,
    ios_exp: null,
    android_exp: null,
    ppt_exp: null,
    group_name: null,
    group_exp: null,
    group_mobile_exp: null,
    fuser: 0,
    is_99: 0,
    have_renew: 0,
    upgrade_time: null,
    started_at: null,
    updated_at: now,
    grant_id: byReach[byReach.length - 1]!.grant_id,
  };
  const values = record as Record<string, unknown>;
  for (const grant of byReach) {
    for (const column of attributeColumns)
      if (column !== 'have_renew' && grant[column] !== null) values[column] = grant[column];
    if (grant.have_renew === 1) record.have_renew = 1;
    for (const column of expiryColumns) {
      const end = grant[column];
      if (end !== null && end > ((values[column] as number | null) ?? 0)) values[column] = end;
    }
  }
  const renewing = byReach.findLast((grant) => grant.have_renew === 1);
  if (renewing)
    for (const [column, unset] of Object.entries(renewalDefaults))
      values[column] = renewing[column as keyof typeof renewalDefaults] ?? unset;
  return record;
}

/**
 * Rebuilds the `subscriptions` record of a person's product from its live licence grants, in
 * the caller's transaction: written in full, or removed when no live grant is left.
 */
export async function rebuildLicenceRecord(
  trx: Db,
  userId: number,
  product: SubscriptionProduct,
  now: number,
): Promise<SubscriptionRecordRow | null> {
  const record = recordOf(userId, product, await liveLicenceGrants(trx, userId, product), now);
  if (!record) {
    await deleteLicenceRecord(trx, userId, product);
    return null;
  }
  return writeLicenceRecord(trx, record);
}
