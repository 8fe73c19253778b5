import {
  FOREVER_THRESHOLD,
  type OrderChannel,
  orderLicence,
  type OrderLicenceInput,
  personalPlanByType,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { type Benefit, giveBenefit } from '../benefits/index.js';

/** The facts of a recorded order that decide what it gives. */
export interface PaidOrder extends OrderLicenceInput {
  userId: number;
  orderNo: string;
  productName: string;
  channel: OrderChannel;
  productId: number | null;
  /** The lesson id a course order buys. */
  course?: string | null;
}

/**
 * Gives what a paid order buys, in the order's transaction, keyed by its number (a notice
 * delivered twice grants nothing more):
 * - the licence of `orderLicence` (the same rule as the history's end date), the record's
 *   attributes from the order — its name, plan type, channel, renewal, the 99 offer;
 * - a personal plan's extras (spec 01 §9 catalogue): its template credit and its AI points as a
 *   membership bonus, lasting the plan's term; a term already over gives none.
 * - a course order's course, held for good.
 * Products without a licence record (org chart, storage…) give nothing here yet.
 */
export async function grantOrderEntitlements(trx: Db, order: PaidOrder, now: number): Promise<void> {
  const source = { kind: 'order' as const, id: order.orderNo, reason: `order ${order.orderNo}` };
  for (const benefit of orderBenefits(order, now)) await giveBenefit(trx, order.userId, benefit, source, now);
}

/** What a paid order gives, in the order the grants are made. */
function orderBenefits(order: PaidOrder, now: number): Benefit[] {
  // A course order buys its course for good: a course grant, which the courses screen lists.
  if (order.course) return [{ kind: 'course', course: order.course }];
  const licence = orderLicence(order);
  if (!licence) return [];
  const ends: Extract<Benefit, { kind: 'licence' }>['ends'] = {};
  for (const platform of licence.platforms) ends[`${platform}_exp`] = licence.endsAt;
  const given: Benefit[] = [
    {
      kind: 'licence',
      product: licence.product,
      ends,
      attributes: {
        type: licence.kind,
        name: order.productName,
        version: order.version ?? null,
        order_type: order.type,
        product_id: order.productId,
        order_no: order.orderNo,
        channel: order.channel,
        have_renew: licence.renews ? 1 : 0,
        is_99: licence.is99 ? 1 : 0,
        upgrade_time: licence.upgradeUntil,
        started_at: order.date,
      },
    },
  ];

  const plan = licence.product === 'max' || licence.product === 'mind' ? personalPlanByType(order.type) : undefined;
  if (!plan) return given;
  const termEnd = licence.endsAt >= FOREVER_THRESHOLD ? null : licence.endsAt;
  if (termEnd !== null && termEnd <= now) return given;
  if (plan.templateCreditFen)
    given.push({ kind: 'template_credit', amount: plan.templateCreditFen, expiresAt: termEnd });
  given.push({ kind: 'ai_points', amount: plan.aiPoints, expiresAt: termEnd, method: 'Membership_Bonus' });
  return given;
}
