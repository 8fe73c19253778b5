import {
  CommonErrors,
  defaultOrderPlatforms,
  FOREVER_EXPIRY,
  FOREVER_THRESHOLD,
  licenceProductOfOrder,
  type OrderProductCode,
  orderLicence,
  type PersonalPlatform,
  personalPlatforms,
  type RedeemedBenefit,
  type Region,
  type SubscriptionProduct,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { type GrantRow, type GrantSourceRef, revoke } from './grants.service.js';
import {
  type AttributeColumn,
  attributeColumns,
  type ExpiryColumn,
  type LicenceGrantRow,
  recordOf,
  type SubscriptionRecordRow,
} from './licence-record.js';
import { grantLicence, latestEndOn, lockLicenceHolder, periodStart } from './licences.js';
import { licenceRecordOf, liveLicenceGrants } from './licences.repository.js';

/** What was given, as the person is told it (a redeemed code's answer names each benefit so). */
export type RedeemedBenefitDto = Static<typeof RedeemedBenefit>;
/** What a benefit did to a licence, as the reminder box says it: its platforms' end before and now. */
export type LicenceChange = Extract<RedeemedBenefitDto, { kind: 'licence' }>;

export interface LicenceChangeGiven {
  grant: GrantRow;
  /** False when the source had given this licence before: nothing changed. */
  created: boolean;
  told: LicenceChange;
}

/** A licence as an order of `product` and `type` would give it (the contract's duration table). */
export interface PlanLicence {
  product: OrderProductCode;
  type: number;
  platforms?: PersonalPlatform[];
  /** A perpetual version: the licence is for ever, its type's length the free upgrade period. */
  version?: string;
}

/** Days of a licence of `product` on `platforms` (every personal platform when absent). */
export interface LicenceDays {
  product: SubscriptionProduct;
  days: number;
  platforms?: PersonalPlatform[];
}

/** A held licence of `product` moved onto `platforms`, or to `version`, its dates kept. */
export interface LicenceReplacement {
  product: SubscriptionProduct;
  platforms?: PersonalPlatform[];
  version?: string;
}

const DAY = 86_400;

/**
 * The kinds of platform a licence covers, each bought and moved on its own: a replacement code
 * naming Mac moves the desktop licence there and leaves the web and mobile ones where they are.
 */
const platformKinds: readonly (readonly PersonalPlatform[])[] = [
  ['win', 'mac', 'linux'],
  ['online'],
  ['mobile', 'ios', 'android'],
  ['ppt'],
];

function endsOn(platforms: readonly PersonalPlatform[], end: number): Partial<Record<ExpiryColumn, number>> {
  const ends: Partial<Record<ExpiryColumn, number>> = {};
  for (const platform of platforms) ends[`${platform}_exp`] = end;
  return ends;
}

/** The latest end of a record on `platforms`, as the grant left it. */
function endOn(record: SubscriptionRecordRow | null, platforms: readonly PersonalPlatform[]): number {
  return Math.max(0, ...platforms.map((platform) => record?.[`${platform}_exp`] ?? 0));
}

/** An end that is still to come, else null: the box says "was" only of what ran. */
const running = (end: number | null, now: number) => (end !== null && end > now ? end : null);

/**
 * The licence an order of a plan's product and type gives (an activation or project code). A timed
 * plan starts where the person's running licence of those platforms ends, by the rule a purchase
 * at checkout follows (`periodStart`), so a code and a purchase of the same plan give the same
 * time; a perpetual version is for ever from now.
 */
export async function givePlanLicence(
  trx: Db,
  userId: number,
  region: Region,
  benefit: PlanLicence,
  source: GrantSourceRef,
  now: number,
): Promise<LicenceChangeGiven> {
  const product = licenceProductOfOrder[benefit.product];
  // The batch was checked when made; a licence the rules cannot tell is an operator's mistake.
  if (!product) throw new Error(`batch benefit gives no licence: ${JSON.stringify(benefit)}`);
  const platforms = benefit.platforms ?? defaultOrderPlatforms(product, benefit.type);
  if (!(await lockLicenceHolder(trx, userId))) throw appError(CommonErrors.notFound);
  const was = running(await latestEndOn(trx, userId, product, platforms), now);
  const licence = orderLicence({
    product: benefit.product,
    type: benefit.type,
    date: benefit.version ? now : await periodStart(trx, userId, product, platforms, now),
    exp: null,
    region,
    platforms,
    version: benefit.version ?? null,
    renews: false,
  });
  if (!licence) throw new Error(`batch benefit gives no licence: ${JSON.stringify(benefit)}`);
  const given = await grantLicence(
    trx,
    userId,
    {
      product,
      ends: endsOn(licence.platforms, licence.endsAt),
      attributes: {
        type: licence.kind,
        version: benefit.version ?? null,
        order_type: benefit.type,
        channel: null,
        upgrade_time: licence.upgradeUntil,
        started_at: now,
      },
    },
    source,
    now,
  );
  return {
    grant: given.grant,
    created: given.created,
    told: {
      kind: 'licence',
      product,
      order_type: benefit.type,
      version: benefit.version ?? null,
      platforms: [...licence.platforms],
      was,
      until: endOn(given.record, licence.platforms),
    },
  };
}

/** Membership days: added to what the account holds on each platform, or from today where it holds none. */
export async function giveLicenceDays(
  trx: Db,
  userId: number,
  gift: LicenceDays,
  source: GrantSourceRef,
  now: number,
): Promise<LicenceChangeGiven> {
  if (!(await lockLicenceHolder(trx, userId))) throw appError(CommonErrors.notFound);
  const record = await licenceRecordOf(trx, userId, gift.product);
  const platforms = gift.platforms ?? personalPlatforms;
  const ends: Partial<Record<ExpiryColumn, number>> = {};
  for (const platform of platforms) {
    const held = record?.[`${platform}_exp`] ?? null;
    const from = held !== null && held > now ? held : now;
    ends[`${platform}_exp`] = from >= FOREVER_THRESHOLD ? FOREVER_EXPIRY : from + gift.days * DAY;
  }
  const given = await grantLicence(
    trx,
    userId,
    { product: gift.product, ends, attributes: { type: 'subs', started_at: now } },
    { ...source, id: `${source.id}:${gift.product}` },
    now,
  );
  return {
    grant: given.grant,
    created: given.created,
    told: {
      kind: 'licence',
      product: gift.product,
      order_type: null,
      version: null,
      platforms: [...platforms],
      was: running(record ? endOn(record, platforms) : null, now),
      until: endOn(given.record, platforms),
    },
  };
}

/**
 * A replacement (a replacement code): swaps what it names and keeps everything else (docs/decisions/055). Named
 * platforms take the place of the held platforms of their kind (desktop, web, mobile, slides),
 * with the latest end those held; every other platform keeps its end, and the licence keeps its
 * plan, its dates and its upgrade period; a named version replaces the version. The personal
 * grants of the product are taken back and one grant gives the result; a team's seat is left
 * alone. Null when the person holds nothing running of a kind the code names.
 */
export async function replaceLicence(
  trx: Db,
  userId: number,
  benefit: LicenceReplacement,
  source: GrantSourceRef,
  now: number,
): Promise<LicenceChangeGiven | null> {
  if (!(await lockLicenceHolder(trx, userId))) throw appError(CommonErrors.notFound);
  const live = await liveLicenceGrants(trx, userId, benefit.product);
  const personal = live.filter((row: LicenceGrantRow) => personalPlatforms.some((p) => row[`${p}_exp`] !== null));
  const held = recordOf(userId, benefit.product, personal, now);
  const endOf = (platform: PersonalPlatform) => held?.[`${platform}_exp`] ?? null;
  if (!held || !personalPlatforms.some((platform) => (endOf(platform) ?? 0) > now)) return null;

  const ends = new Map(personalPlatforms.map((platform) => [platform, endOf(platform)]));
  const named = benefit.platforms ?? [];
  for (const kind of platformKinds.filter((platforms) => platforms.some((p) => named.includes(p)))) {
    const kindEnd = Math.max(0, ...kind.map((platform) => endOf(platform) ?? 0));
    if (kindEnd <= now) return null;
    for (const platform of kind) ends.set(platform, named.includes(platform) ? kindEnd : null);
  }

  for (const { grant_id } of personal) await revoke(trx, grant_id, `replaced by ${source.reason}`.slice(0, 200), now);
  const attributes: Record<string, unknown> = {};
  for (const column of attributeColumns) attributes[column] = held[column] ?? null;
  const version = benefit.version ?? held.version ?? null;
  const given = await grantLicence(
    trx,
    userId,
    {
      product: benefit.product,
      ends: Object.fromEntries(
        [...ends].flatMap(([platform, end]) => (end === null ? [] : [[`${platform}_exp`, end]])),
      ) as Partial<Record<ExpiryColumn, number>>,
      attributes: {
        ...(attributes as Partial<Pick<LicenceGrantRow, AttributeColumn>>),
        type: version ? 'version' : held.type,
        version,
      },
    },
    source,
    now,
  );
  const moved = named.length > 0 ? named : personalPlatforms.filter((platform) => ends.get(platform) !== null);
  const until = endOn(given.record, moved);
  return {
    grant: given.grant,
    created: given.created,
    told: {
      kind: 'licence',
      product: benefit.product,
      order_type: held.order_type ?? null,
      version,
      platforms: [...moved],
      was: until,
      until,
    },
  };
}
