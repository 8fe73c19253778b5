import type { LicenceRow, StorageSummary, SubscriptionRecord } from '@account-centre/contract';
import {
  APP_STORE_SUBSCRIPTIONS_URL,
  canRenew,
  CommonErrors,
  expiryState,
  FOREVER_EXPIRY,
  FOREVER_THRESHOLD,
  FREE_STORAGE_BYTES,
  type LicenceLength,
  LicenceLengthMs,
  type LicencePlatform,
  NINETY_NINE_PLAN_TYPE,
  type OrderChannel,
  orderChannels,
  OrderErrors,
  type PersonalPlatform,
  personalPlatforms,
  planDateOf,
  planDates,
  type Region,
  type RenewalFacts,
  renewalState,
  showCancelSubscription,
  showManageSubscription,
  type StorageArea,
  storageAreas,
  subscriptionFamily,
  type SubscriptionProduct,
  subscriptionProducts,
  type SubscriptionReadProduct,
  subscriptionReadProducts,
  type SubscriptionType,
  subscriptionTypes,
  type TeamPlatform,
  teamPlatforms,
} from '@account-centre/contract';
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { giveBenefit } from '../benefits/index.js';
import {
  cancelLicenceRenewal,
  type ExpiryColumn,
  licenceRecordOf,
  licenceRecords,
  lockLicenceHolder,
  type SubscriptionRecordRow,
} from '../grants/index.js';
import * as repo from './subscriptions.repository.js';

export type SubscriptionRecordDto = Static<typeof SubscriptionRecord>;
export type LicenceRowDto = Static<typeof LicenceRow>;
export type StorageSummaryDto = Static<typeof StorageSummary>;

const personalColumns: Record<PersonalPlatform, ExpiryColumn> = {
  win: 'win_exp',
  mac: 'mac_exp',
  linux: 'linux_exp',
  online: 'online_exp',
  mobile: 'mobile_exp',
  ios: 'ios_exp',
  android: 'android_exp',
  ppt: 'ppt_exp',
};
const teamColumns: Record<TeamPlatform, ExpiryColumn> = { desktop: 'group_exp', mobile: 'group_mobile_exp' };

const productOrder = (product: SubscriptionProduct) => subscriptionProducts.indexOf(product);

/** A stored record in the spec's shape (spec 01 §3 "Subscription record"). */
export function toSubscriptionRecord(row: SubscriptionRecordRow): SubscriptionRecordDto {
  return {
    product: row.product,
    type: row.type,
    name: row.name,
    version: row.version,
    order_type: row.order_type,
    product_id: row.product_id,
    order_id: row.order_no,
    channel: row.channel,
    win_exp: row.win_exp,
    mac_exp: row.mac_exp,
    linux_exp: row.linux_exp,
    online_exp: row.online_exp,
    mobile_exp: row.mobile_exp,
    ios_exp: row.ios_exp,
    android_exp: row.android_exp,
    ppt_exp: row.ppt_exp,
    group: row.group_name,
    group_exp: row.group_exp,
    group_mobile_exp: row.group_mobile_exp,
    fuser: row.fuser === 1,
    is_99: row.is_99 === 1,
    have_renew: row.have_renew === 1,
    upgrade_time: row.upgrade_time,
    started_at: row.started_at,
  };
}

/** The user's records, in the spec's product order (max, mind, proj, math, hb, ppt). */
export async function subscriptionRecords(db: Db, userId: number): Promise<SubscriptionRecordDto[]> {
  const rows = await licenceRecords(db, userId);
  return rows.sort((a, b) => productOrder(a.product) - productOrder(b.product)).map(toSubscriptionRecord);
}

/** The user's record of one product (spec 01 §7 `subscription/{product}`), or null. */
export async function subscriptionRecordOf(
  db: Db,
  userId: number,
  product: SubscriptionReadProduct,
): Promise<SubscriptionRecordDto | null> {
  const row = await licenceRecordOf(db, userId, subscriptionReadProducts[product]);
  return row ? toSubscriptionRecord(row) : null;
}

function renewalFacts(record: SubscriptionRecordDto): RenewalFacts {
  return {
    type: record.type,
    have_renew: record.have_renew,
    is_99: record.is_99,
    product_id: record.product_id,
    channel: record.channel,
  };
}

/** Platforms sharing one expiry, in the order the record lists them. */
function groupByExpiry<P extends LicencePlatform>(
  expiries: [P, number | null][],
): { expiresAt: number; platforms: P[] }[] {
  const groups = new Map<number, P[]>();
  for (const [platform, expiresAt] of expiries) {
    if (!expiresAt) continue;
    groups.set(expiresAt, [...(groups.get(expiresAt) ?? []), platform]);
  }
  return [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([expiresAt, platforms]) => ({ expiresAt, platforms }));
}

/**
 * Licence rows of the order screen (spec 01 §3 "Licence row"): one per product, scope and
 * group of platforms that end together. Personal rows carry the record's actions (§6); team
 * rows are kept apart — their plan is renewed and managed by the team, not here.
 */
/**
 * The paid term of a record that is not a perpetual version: its latest dated end. One of its
 * platforms may run forever (a free web allowance beside an annual plan) while upgrades and
 * maintenance last the term bought; only a record whose every end is forever has them forever.
 */
function recordTerm(ends: readonly number[]): number | null {
  const dated = ends.filter((end) => end < FOREVER_THRESHOLD);
  if (dated.length > 0) return Math.max(...dated);
  return ends[0] ?? null;
}

export function licenceRows(records: readonly SubscriptionRecordDto[], region: Region, now: number): LicenceRowDto[] {
  const rows: LicenceRowDto[] = [];
  for (const record of records) {
    const family = subscriptionFamily[record.product];
    const facts = renewalFacts(record);
    const base = {
      product: record.product,
      productName: record.name,
      icon: record.product,
      v_product: family ?? record.product,
    };
    const personal = groupByExpiry(
      personalPlatforms.map((p) => [p, record[personalColumns[p]]] as [PersonalPlatform, number | null]),
    );
    // Plan dates are the record's, from its type (spec 01 §3), not each platform line's own end.
    const term = recordTerm(personal.map((group) => group.expiresAt));
    for (const { expiresAt, platforms } of personal) {
      const state = expiryState(expiresAt, now);
      const dates = planDates({
        family,
        type: record.type,
        usageEnd: term ?? expiresAt,
        startedAt: record.started_at,
        upgradeTime: record.upgrade_time,
      });
      const manage = showManageSubscription(region, facts);
      rows.push({
        ...base,
        scope: 'personal',
        group: null,
        type: state === 'forever' ? -1 : -2,
        platforms,
        state,
        endTime: planDateOf(expiresAt),
        updateEndTime: dates.freeUpgrade,
        serviceEndTime: dates.maintenance,
        upgrade_service_years: dates.upgradeServiceYears,
        // Platforms held for ever have nothing to renew, whatever the record allows (decision 056).
        can_renew: state !== 'forever' && canRenew(facts),
        showCancel: showCancelSubscription(region, facts),
        showManage: manage,
        manage_url: manage ? APP_STORE_SUBSCRIPTIONS_URL : null,
        renewal: renewalState(facts),
        order_id: record.order_id,
        v_type: record.order_type,
        v_version: record.version,
      });
    }
    const team = groupByExpiry(teamPlatforms.map((p) => [p, record[teamColumns[p]]] as [TeamPlatform, number | null]));
    for (const { expiresAt, platforms } of team) {
      const state = expiryState(expiresAt, now);
      const end = planDateOf(expiresAt);
      rows.push({
        ...base,
        scope: 'team',
        group: record.group,
        type: state === 'forever' ? -1 : -2,
        platforms,
        state,
        endTime: end,
        updateEndTime: end,
        serviceEndTime: end,
        upgrade_service_years: null,
        can_renew: false,
        showCancel: false,
        showManage: false,
        manage_url: null,
        renewal: null,
        order_id: null,
        v_type: null,
        v_version: null,
      });
    }
  }
  return rows;
}

export async function userLicences(db: Db, userId: number, region: Region, now: number) {
  return licenceRows(await subscriptionRecords(db, userId), region, now);
}

/**
 * Cancel subscription (spec 01 §6): only where the order screen offers it — overseas, a
 * renewing subscription of product ids 5371, 5380, 5370, 5378, not an app-store one (that is
 * cancelled in the store). The update itself re-checks the record, so a double click or two
 * tabs change it once.
 */
export async function cancelSubscription(
  db: Db,
  userId: number,
  product: SubscriptionProduct,
  region: Region,
  now: number,
): Promise<SubscriptionRecordDto> {
  const row = await licenceRecordOf(db, userId, product);
  if (!row) throw appError(OrderErrors.orderNotFound);
  if (!showCancelSubscription(region, renewalFacts(toSubscriptionRecord(row))))
    throw appError(OrderErrors.cancelUnavailable);
  const updated = await db.transaction().execute((trx) => cancelLicenceRenewal(trx, userId, product, now));
  if (!updated) throw appError(OrderErrors.cancelUnavailable);
  return toSubscriptionRecord(updated);
}

/** How a grant sets the end of the platforms it names. */
export type GrantEnd = { until: number } | { extendBy: LicenceLength } | { forever: true };

export interface GrantInput {
  userId: number;
  product: SubscriptionProduct;
  /** Personal platforms, or the team's `desktop` / `mobile`. */
  scope: 'personal' | 'team';
  platforms: readonly string[];
  end: GrantEnd;
  /** The operator's reference: once-only when given (a support ticket); each call a new grant without. */
  reference?: string;
  /** Why, for the grant's history and the audit trail. */
  reason?: string;
  type?: SubscriptionType;
  name?: string;
  version?: string | null;
  orderType?: number | null;
  productId?: number | null;
  orderNo?: string | null;
  channel?: OrderChannel | null;
  haveRenew?: boolean;
  /** Default: true for the 99 offer's order type (spec 01 §6), else unchanged. */
  is99?: boolean;
  fuser?: boolean;
  upgradeTime?: number | null;
  startedAt?: number | null;
  /** The team whose plan a team grant is. */
  group?: string | null;
}

/** An end extended by `seconds`: from the current end while it lies ahead, from now once passed, never past forever. */
function extendedEnd(current: number | null, seconds: number, now: number): number {
  if (current !== null && current >= FOREVER_THRESHOLD) return current;
  return (current !== null && current > now ? current : now) + seconds;
}

const flagOf = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/**
 * Operator: grants or extends a subscription (docs/architecture.md#operator-cli) through the grants module — sets the
 * named platforms' end to a date or forever, or extends each by a licence length from its
 * current end (from now once passed). The record shows each platform's latest end among its
 * live grants, so a grant never shortens what another gives: to take a period back, revoke its
 * grant (`grant:revoke`). Team grants touch only the team expiries.
 */
export async function grantSubscription(db: Db, input: GrantInput, now: number): Promise<SubscriptionRecordDto> {
  if (!(subscriptionProducts as readonly string[]).includes(input.product)) throw operatorInputError('unknown product');
  const columns = grantColumns(input.scope, input.platforms);
  if (input.type !== undefined && !(subscriptionTypes as readonly string[]).includes(input.type)) {
    throw operatorInputError('type must be version, subs or other');
  }
  if (input.channel != null && !(orderChannels as readonly string[]).includes(input.channel))
    throw operatorInputError('unknown channel');
  const name = input.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 200))
    throw operatorInputError('name must have 1 to 200 characters');
  if (input.scope === 'team' && input.group !== undefined && input.group !== null && input.group.trim().length === 0) {
    throw operatorInputError('group must not be empty');
  }
  for (const [label, value] of [
    ['order type', input.orderType],
    ['product id', input.productId],
    ['upgrade time', input.upgradeTime],
    ['start', input.startedAt],
  ] as const) {
    if (value != null && (!Number.isSafeInteger(value) || value < 0))
      throw operatorInputError(`${label} must be a whole number ≥ 0`);
  }
  const end = input.end;
  if ('until' in end && (!Number.isSafeInteger(end.until) || end.until <= 0))
    throw operatorInputError('until must be unix seconds');
  const extendBy = 'extendBy' in end ? Math.round((LicenceLengthMs[end.extendBy] ?? 0) / 1000) : null;
  if (extendBy === 0) throw operatorInputError('unknown length');

  return db.transaction().execute(async (trx) => {
    // The lock first: an extension reads the end the previous grant wrote.
    if (!(await lockLicenceHolder(trx, input.userId)))
      throw operatorInputError('user not found', CommonErrors.notFound);
    const current = await licenceRecordOf(trx, input.userId, input.product);
    const ends: Partial<Record<ExpiryColumn, number>> = {};
    for (const column of columns) {
      if ('until' in end) ends[column] = end.until;
      else if ('forever' in end) ends[column] = FOREVER_EXPIRY;
      else ends[column] = extendedEnd(current?.[column] ?? null, extendBy as number, now);
    }
    const is99 = input.is99 ?? (input.orderType === NINETY_NINE_PLAN_TYPE ? true : undefined);
    const { record } = await giveBenefit(
      trx,
      input.userId,
      {
        kind: 'licence',
        product: input.product,
        ends,
        attributes: {
          type: input.type,
          name,
          version: input.version,
          order_type: input.orderType,
          product_id: input.productId,
          order_no: input.orderNo,
          channel: input.channel,
          have_renew: flagOf(input.haveRenew),
          is_99: flagOf(is99),
          fuser: flagOf(input.fuser),
          upgrade_time: input.upgradeTime,
          // A personal licence starts with its first grant, unless told otherwise.
          started_at: input.startedAt ?? (current || input.scope === 'team' ? undefined : now),
          group_name: input.scope === 'team' ? input.group?.trim() || undefined : undefined,
        },
      },
      {
        kind: 'operator',
        id: input.reference?.trim() || randomUUID(),
        reason: input.reason?.trim() || 'granted by an operator',
      },
      now,
    );
    // The reference granted before and that grant was taken back: a reference never grants twice.
    if (!record) throw operatorInputError('this reference was used by a grant since taken back', CommonErrors.conflict);
    return toSubscriptionRecord(record);
  });
}

function grantColumns(scope: 'personal' | 'team', platforms: readonly string[]): ExpiryColumn[] {
  if (platforms.length === 0) throw operatorInputError('name at least one platform');
  const table: Record<string, ExpiryColumn> = scope === 'team' ? teamColumns : personalColumns;
  const columns = platforms.map((platform) => {
    const column = table[platform];
    if (!column) {
      throw operatorInputError(`unknown ${scope} platform "${platform}" (${Object.keys(table).join(', ')})`);
    }
    return column;
  });
  return [...new Set(columns)];
}

/** Cloud storage of the user in bytes (spec 01 §3 "Storage"); the free tier where none was set. */
export async function storageSummary(db: Db, userId: number): Promise<StorageSummaryDto> {
  const rows = await repo.listStorage(db, userId);
  const figure = (area: StorageArea) => {
    const row = rows.find((r) => r.area === area);
    return { max: row?.max_bytes ?? FREE_STORAGE_BYTES[area], used: row?.used_bytes ?? 0 };
  };
  return { project: figure('project'), whiteboard: figure('whiteboard'), mindmap: figure('mindmap') };
}

/** Operator and demo: sets the quota and/or the used bytes of an area. */
export async function setStorage(
  db: Db,
  input: { userId: number; area: StorageArea; maxBytes?: number; usedBytes?: number },
  now: number,
) {
  if (!(storageAreas as readonly string[]).includes(input.area)) throw operatorInputError('unknown storage area');
  for (const value of [input.maxBytes, input.usedBytes]) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
      throw operatorInputError('bytes must be a whole number ≥ 0');
  }
  const set = {
    ...(input.maxBytes !== undefined && { max_bytes: input.maxBytes }),
    ...(input.usedBytes !== undefined && { used_bytes: input.usedBytes }),
  };
  return repo.upsertStorage(
    db,
    {
      user_id: input.userId,
      area: input.area,
      max_bytes: input.maxBytes ?? FREE_STORAGE_BYTES[input.area],
      used_bytes: input.usedBytes ?? 0,
      updated_at: now,
    },
    set,
  );
}
