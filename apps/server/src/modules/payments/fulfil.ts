import {
  ALL_PLATFORMS,
  BOUGHT_AI_POINTS_DAYS,
  type CheckoutItem,
  checkoutItemByKey,
  continuousPlanProductIds,
  endsRenewal,
  FOREVER_EXPIRY,
  LicenceLengthMs,
  type OrderChannel,
  type OrderProductCode,
  type PersonalItem,
  isRefusedPlanPurchase,
  personalPlanOrderProduct,
  planPurchaseEffect,
  teamPlanOfBusinessItem,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { CompanyChangedSincePriced } from '../companies/index.js';
import { giveBenefit } from '../benefits/index.js';
import { endRenewals, type GrantSourceRef, periodStart, planHolding } from '../grants/index.js';
import { itemName, itemTargetOf, recordOrderIn } from '../orders/index.js';
import { annotateCheckout, type CheckoutRow } from './payments.repository.js';

export type { CheckoutRow };

/**
 * A personal plan that would give nothing by the time its payment arrives (docs/decisions/056):
 * the licence is already held for ever, or the same continuous plan renews already — a second
 * checkout opened before the first was paid, in another tab.
 */
export interface PlanNoLongerNeeded {
  refused: 'already_owned' | 'already_renews';
  product: 'max' | 'mind';
  plan: PersonalItem['plan']['key'];
}

/** Why a paid checkout gives nothing and is refunded (settle.service.ts refuses it). */
export type FulfilmentRefusal = CompanyChangedSincePriced | PlanNoLongerNeeded;

/**
 * What fulfilling a paid checkout came to: given; not given, the payment waiting for an
 * operator's refund (the account closed, the buyer no longer the company's creator, the team
 * gone); or refused, because what it was priced for no longer holds (docs/decisions/052) or it
 * would give nothing (decision 056): it is refunded.
 */
export type Fulfilment = 'given' | 'not_given' | FulfilmentRefusal;

const DAY = 86_400;

/**
 * Where a personal plan bought now ends: a renewal of a plan still running extends its current
 * end (spec 01 §2 "renew"), anything else runs from the purchase (null: the order's own rule).
 */
async function renewedEnd(trx: Db, checkout: CheckoutRow, item: PersonalItem, paidAt: number) {
  if (item.plan.length === 'forever' || checkout.product === null) return null;
  const start = await periodStart(trx, checkout.user_id, checkout.product, ALL_PLATFORMS, paidAt);
  if (start === paidAt) return null;
  return start + Math.round(LicenceLengthMs[item.plan.length] / 1000);
}

/**
 * Gives what a paid checkout bought, in the transaction that marks it paid (docs/decisions/037):
 * the order in the history (its number is the checkout's) and, through the grants module keyed by
 * that number, everything the item brings — a personal plan's licence and extras, AI points,
 * unlimited use, template credit, a business plan's company seats and time. `not_given` when it
 * cannot be given (a business plan for someone now in another's company): the payment then stays
 * paid, for an operator to refund. Refused when the company is no longer what it was priced for
 * (decision 052), or when a personal plan would give nothing any more (decision 056): it is
 * refunded. Called once per checkout: the paid state's conditional update decides, and the
 * order number's unique index and the grants' source keys stand behind it.
 */
export async function fulfilCheckout(trx: Db, checkout: CheckoutRow, now: number): Promise<Fulfilment> {
  const item = checkoutItemByKey(checkout.item);
  if (!item) throw new Error(`checkout ${checkout.out_trade_no}: unknown item ${checkout.item}`);
  const paidAt = checkout.paid_at ?? now;
  const userId = checkout.user_id;
  const source = { kind: 'order' as const, id: checkout.out_trade_no, reason: `order ${checkout.out_trade_no}` };
  const named = {
    product: checkout.product,
    quantity: checkout.quantity,
    target: itemTargetOf({ companyChange: checkout.company_change, forTeam: checkout.team_id !== null }),
  };
  const order = (
    product: OrderProductCode,
    type: number,
    extra: { exp?: number | null; givesLicence?: boolean; productId?: number | null } = {},
  ) =>
    recordOrderIn(
      trx,
      {
        userId,
        product,
        type,
        // The sentence for operators and older readers; each reader's name is written from the item.
        productName: itemName(item, named, 'en'),
        item: { key: item.key, target: named.target },
        amount: checkout.amount,
        channel: (checkout.method === 'bank' ? 'bank_transfer' : 'online') satisfies OrderChannel,
        quantity: checkout.quantity,
        region: checkout.region,
        currency: checkout.currency,
        orderedAt: paidAt,
        orderNo: checkout.out_trade_no,
        ...extra,
      },
      now,
    );

  switch (item.kind) {
    case 'personal': {
      const product = checkout.product ?? 'max';
      // A renewal is the running subscription's own next period; a new purchase is weighed
      // against what is held now, under the buyer's lock: a lifetime plan paid in two tabs gives
      // once (docs/decisions/056).
      if (checkout.renews === null) {
        const effect = planPurchaseEffect(item.plan, await planHolding(trx, userId, product));
        if (isRefusedPlanPurchase(effect))
          return {
            refused: effect === 'owned' ? 'already_owned' : 'already_renews',
            product,
            plan: item.plan.key,
          };
        if (endsRenewal(effect)) await endRenewals(trx, userId, product, now);
      }
      await order(personalPlanOrderProduct[product], item.plan.type, {
        exp: await renewedEnd(trx, checkout, item, paidAt),
        productId: continuousPlanProductIds[product][item.plan.key] ?? null,
      });
      return 'given';
    }
    case 'ai_points':
      await order('servicePointsRecord', 1);
      await giveBenefit(
        trx,
        userId,
        {
          kind: 'ai_points',
          amount: item.points * checkout.quantity,
          expiresAt: now + BOUGHT_AI_POINTS_DAYS * DAY,
          method: 'Buy_AI_Group',
        },
        source,
        now,
      );
      return 'given';
    case 'ai_unlimited':
      await order('servicePointsRecord', 2);
      await giveBenefit(trx, userId, { kind: 'unlimited_ai', days: item.days * checkout.quantity }, source, now);
      return 'given';
    case 'template_credit':
      await order('templateRecord', 1);
      await giveBenefit(
        trx,
        userId,
        { kind: 'template_credit', amount: item.creditFen * checkout.quantity },
        source,
        now,
      );
      return 'given';
    case 'business': {
      if (checkout.team_id !== null)
        return fulfilTeamUpgrade(trx, checkout, checkout.team_id, item, { source, order }, now);
      const grown =
        checkout.company_id === null
          ? undefined
          : {
              id: checkout.company_id,
              change: checkout.company_change ?? 'seats',
              // Checkouts opened before prices were recorded on them carry none.
              priced:
                checkout.priced_seats === null ? null : { seats: checkout.priced_seats, end: checkout.priced_end },
            };
      const company = await giveBenefit(
        trx,
        userId,
        { kind: 'business_plan', seats: checkout.quantity, type: item.type, length: item.length, company: grown },
        source,
        now,
      );
      if (company.refused === 'not_given') return 'not_given';
      if (company.refused === 'company_changed') return company.change;
      // The company's order list (GET coop/cmember/order) reads its payments from here.
      if (checkout.company_id === null) await annotateCheckout(trx, checkout.id, { company_id: company.companyId });
      // The company holds the plan; the buyer's own licences are untouched.
      await order('mindmaster', item.type, { exp: company.exp ?? FOREVER_EXPIRY, givesLicence: false });
      return 'given';
    }
  }
}

/**
 * A business term bought as seats of a diagram or project team (docs/decisions/040): the team's
 * plan of those seats, and the order in the buyer's history under the team's product. The
 * buyer's own licences are untouched; the seats license whoever they are authorized to.
 */
async function fulfilTeamUpgrade(
  trx: Db,
  checkout: CheckoutRow,
  teamId: number,
  item: CheckoutItem,
  give: {
    source: GrantSourceRef;
    order: (
      product: OrderProductCode,
      type: number,
      extra: { exp?: number | null; givesLicence?: boolean },
    ) => Promise<unknown>;
  },
  now: number,
): Promise<Fulfilment> {
  const type = teamPlanOfBusinessItem[item.key];
  if (type === undefined) throw new Error(`checkout ${checkout.out_trade_no}: ${item.key} is not sold to teams`);
  const given = await giveBenefit(
    trx,
    checkout.user_id,
    { kind: 'bought_team_plan', teamId, type, seats: checkout.quantity },
    give.source,
    now,
  );
  if (given.refused) return 'not_given';
  await give.order(given.product === 'proj' ? 'project' : 'max', type, {
    exp: given.plan.expire ?? FOREVER_EXPIRY,
    givesLicence: false,
  });
  return 'given';
}
