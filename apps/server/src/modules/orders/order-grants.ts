import {
  FOREVER_THRESHOLD,
  type OrderChannel,
  orderLicence,
  type OrderLicenceInput,
  personalPlanByType,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { grant } from '../grants/grants.service.js';
import type { ExpiryColumn } from '../grants/licence-record.js';
import { grantLicence } from '../grants/licences.js';

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
  // A course order buys its course for good: a course grant, which the courses screen lists.
  if (order.course) {
    await grant(trx, order.userId, { kind: 'course', item: order.course }, source, now);
    return;
  }
  const licence = orderLicence(order);
  if (!licence) return;
  const ends: Partial<Record<ExpiryColumn, number>> = {};
  for (const platform of licence.platforms) ends[`${platform}_exp`] = licence.endsAt;
  await grantLicence(
    trx,
    order.userId,
    {
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
    source,
    now,
  );

  const plan = licence.product === 'max' || licence.product === 'mind' ? personalPlanByType(order.type) : undefined;
  if (!plan) return;
  const termEnd = licence.endsAt >= FOREVER_THRESHOLD ? null : licence.endsAt;
  if (termEnd !== null && termEnd <= now) return;
  if (plan.templateCreditFen) {
    const credit = { kind: 'template_credit', amount: plan.templateCreditFen, expiresAt: termEnd } as const;
    await grant(trx, order.userId, credit, source, now);
  }
  await grant(
    trx,
    order.userId,
    { kind: 'ai_points', amount: plan.aiPoints, expiresAt: termEnd, method: 'Membership_Bonus' },
    source,
    now,
  );
}
