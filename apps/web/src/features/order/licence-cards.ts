import type { SubscriptionProduct } from '@account-centre/contract';
import type { Licence } from './api/get-licences';

/** One line of a card: platforms that end together, and when (null: expired, nothing shown). */
export interface PlatformLine {
  platforms: Licence['platforms'];
  end: 'forever' | number | null;
}

export interface LicenceCard {
  key: string;
  product: SubscriptionProduct;
  /** The plan's order type (spec 01 §9), which names the plan; null when not known. */
  orderType: number | null;
  version: string | null;
  scope: Licence['scope'];
  group: string | null;
  lines: PlatformLine[];
  /** Every platform of the card has expired (spec 01 §4 shows no date for them): the card says so. */
  expired: boolean;
  /** Plan dates of a personal licence: the latest of its rows, null when not shown. */
  updateEnd: Licence['updateEndTime'];
  serviceEnd: Licence['serviceEndTime'];
  upgradeServiceYears: number | null;
  renew: boolean;
  cancel: boolean;
  /** Overseas store subscription: the store's page replaces cancel (spec 01 §2). */
  manageUrl: string | null;
  /** Whether the subscription renews itself, or its renewal was cancelled; null: no renewal. */
  renewal: Licence['renewal'];
}

/** Spec 01 §4: forever past the ~2119 threshold, a date while active, nothing once expired. */
export function lineEnd(row: Pick<Licence, 'state' | 'endTime'>): PlatformLine['end'] {
  if (row.state === 'forever') return 'forever';
  if (row.state === 'expired') return null;
  return typeof row.endTime === 'number' ? row.endTime : null;
}

const later = (a: Licence['endTime'], b: Licence['endTime']): Licence['endTime'] => {
  if (a === 'forever' || b === 'forever') return 'forever';
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
};

/**
 * The licence rows as cards: one per product and scope (and team), personal ones apart from the
 * team's (spec 01 §6). The rows of a card come from one subscription record, so its actions
 * are the record's: cancel only where the server's §6 rules allow it, and never beside the
 * store's manage link; team cards offer no plan actions (the team manages its plan).
 */
export function licenceCards(rows: readonly Licence[]): { personal: LicenceCard[]; team: LicenceCard[] } {
  const cards = new Map<string, LicenceCard>();
  for (const row of rows) {
    const key = `${row.scope}:${row.product}:${row.group ?? ''}`;
    let card = cards.get(key);
    if (!card) {
      card = {
        key,
        product: row.product,
        orderType: row.v_type,
        version: row.v_version,
        scope: row.scope,
        group: row.group,
        lines: [],
        expired: false,
        updateEnd: null,
        serviceEnd: null,
        upgradeServiceYears: null,
        renew: false,
        cancel: false,
        manageUrl: null,
        renewal: null,
      };
      cards.set(key, card);
    }
    card.lines.push({ platforms: row.platforms, end: lineEnd(row) });
    if (row.scope === 'personal') {
      card.updateEnd = later(card.updateEnd, row.updateEndTime);
      card.serviceEnd = later(card.serviceEnd, row.serviceEndTime);
      card.upgradeServiceYears ??= row.upgrade_service_years;
      card.renew ||= row.can_renew;
      card.manageUrl ??= row.showManage ? row.manage_url : null;
      card.cancel ||= row.showCancel;
      card.renewal ??= row.renewal;
    }
  }
  for (const card of cards.values()) {
    if (card.manageUrl !== null) card.cancel = false;
    card.expired = card.lines.every((line) => line.end === null);
  }
  const all = [...cards.values()];
  return {
    personal: all.filter((card) => card.scope === 'personal'),
    team: all.filter((card) => card.scope === 'team'),
  };
}
