import {
  FOREVER_EXPIRY,
  InvoiceKind,
  type OrderChannel,
  type OrderProductCode,
  type PersonalPlatform,
  type Region,
} from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { giveBenefitAlone } from '../modules/benefits/index.js';
import { subscriptionRecords } from '../modules/subscriptions/index.js';
import { setStorage } from '../modules/subscriptions/subscriptions.service.js';
import { documentNumber } from '../modules/orders/invoices.service.js';
import * as repo from '../modules/orders/orders.repository.js';
import { recordOrder } from '../modules/orders/orders.service.js';
import { findContactDetails } from '../modules/user/index.js';

const DAY = 86_400;
const MB = 1024 * 1024;

type DemoInvoice = 'none' | 'pending' | 'issued' | 'failed';

interface DemoOrder {
  product: OrderProductCode;
  type: number;
  name: string;
  amount: number;
  channel: OrderChannel;
  region: Region;
  daysAgo: number;
  invoice: DemoInvoice;
  more?: string;
  /**
   * The checkout catalogue item it stands for, when it is one: its name is then written in each
   * reader's language (docs/decisions/058); `name` stays the sentence of an order without one.
   */
  item?: string;
  /** Days after the order date its entitlement ends, when recorded with the order (store orders). */
  lastsDays?: number;
  quantity?: number;
  platforms?: PersonalPlatform[];
  version?: string;
  productId?: number;
  renews?: boolean;
}

export interface OrderDemoSummary {
  /** False when the user already had orders: the demo is never added twice. */
  created: boolean;
  orders: number;
  subscriptions: number;
}

/**
 * Gives a user orders in every state and licences in every state, so every branch of the
 * order screen can be seen (issue 5): invoices not requested, pending, issued and failed;
 * orders inside and past the 30-day window; app-store, Lenovo-store and bank-transfer orders;
 * free orders; ends that are a date, `using` and unknown; both regions' currencies.
 *
 * The licences come from the orders, through the same path as any paid order (`recordOrder`:
 * the order and its grants in one transaction), so the history, the licence cards and the device
 * limits agree: lifetime, two-year and continuous mind-map plans; the diagram's yearly plans and
 * the cancellable overseas subscription; a perpetual project version (5-year upgrade service);
 * an app-store formula subscription managed in the store; a slides plan that has expired. Team
 * plans are given by their teams, here by operator grants; cloud storage in all three areas.
 */
export async function seedOrderDemo(db: Db, userId: number, now: number): Promise<OrderDemoSummary> {
  const existing = await repo.countOrders(db, userId, null);
  if (existing > 0) return { created: false, orders: existing, subscriptions: 0 };
  const user = await findContactDetails(db, userId);
  if (!user) throw new Error(`no user ${userId} to seed orders for`);
  const email = user.email ?? 'billing@example.com';

  const orders: DemoOrder[] = [
    {
      product: 'max',
      type: 209,
      name: '图示 1 年版',
      item: 'personal.oneYear',
      amount: 28_000,
      channel: 'online',
      region: 'domestic',
      daysAgo: 3,
      invoice: 'none',
      more: 'Windows / Mac / Linux',
    },
    {
      product: 'mindmaster',
      type: 220,
      name: '思维导图 连续包年',
      item: 'personal.continuousYearly',
      amount: 19_800,
      channel: 'online',
      region: 'domestic',
      daysAgo: 10,
      invoice: 'pending',
      more: '全平台',
    },
    {
      product: 'project',
      type: 2,
      name: '项目管理 永久版',
      amount: 78_000,
      channel: 'online',
      region: 'domestic',
      daysAgo: 20,
      invoice: 'issued',
      more: 'Windows / Mac',
      platforms: ['win', 'mac'],
      version: '3',
    },
    {
      product: 'mindmaster',
      type: 216,
      name: '思维导图 2 年版',
      item: 'personal.twoYears',
      amount: 56_000,
      channel: 'online',
      region: 'domestic',
      daysAgo: 25,
      invoice: 'failed',
    },
    {
      product: 'max',
      type: 1,
      name: '图示 1 年版',
      amount: 28_000,
      channel: 'online',
      region: 'domestic',
      daysAgo: 400,
      invoice: 'none',
    },
    {
      product: 'mindmaster',
      type: 14,
      name: '思维导图 终身版',
      amount: 78_000,
      channel: 'app_store',
      region: 'domestic',
      daysAgo: 5,
      invoice: 'none',
    },
    {
      product: 'max',
      type: 12,
      name: '图示 1 年版（联想）',
      amount: 26_800,
      channel: 'lenovo_store',
      region: 'domestic',
      daysAgo: 2,
      invoice: 'none',
    },
    {
      product: 'orgchart',
      type: 3,
      name: '组织架构图 3 年版（500 人）',
      amount: 120_000,
      channel: 'bank_transfer',
      region: 'domestic',
      daysAgo: 15,
      invoice: 'none',
      quantity: 2,
    },
    {
      product: 'cloudspace',
      type: 1,
      name: '云空间 10 GB',
      amount: 6_800,
      channel: 'online',
      region: 'domestic',
      daysAgo: 1,
      invoice: 'none',
    },
    {
      product: 'servicePointsRecord',
      type: 1,
      name: 'AI 点数 1000',
      item: 'ai.points1000',
      amount: 0,
      channel: 'online',
      region: 'domestic',
      daysAgo: 4,
      invoice: 'none',
    },
    {
      product: 'templateRecord',
      type: 1,
      name: '模板券充值',
      item: 'template.credit50',
      amount: 5_000,
      channel: 'online',
      region: 'domestic',
      daysAgo: 6,
      invoice: 'none',
      lastsDays: 365,
    },
    {
      product: 'max',
      type: 220,
      name: 'Diagram annual plan',
      item: 'personal.continuousYearly',
      amount: 9_900,
      channel: 'online',
      region: 'overseas',
      daysAgo: 1,
      invoice: 'issued',
      more: 'All platforms',
      productId: 5371,
    },
    {
      product: 'mindmaster',
      type: 3,
      name: 'Mind Map 2-year plan',
      amount: 11_900,
      channel: 'online',
      region: 'overseas',
      daysAgo: 7,
      invoice: 'none',
    },
    {
      product: 'edrawMath',
      type: 1,
      name: 'Formula plan',
      amount: 2_900,
      channel: 'app_store',
      region: 'overseas',
      daysAgo: 8,
      invoice: 'none',
      lastsDays: 30,
      platforms: ['ios', 'android'],
      renews: true,
    },
    {
      product: 'ppt',
      type: 1,
      name: 'Slides 1-year plan',
      amount: 4_900,
      channel: 'online',
      region: 'overseas',
      daysAgo: 420,
      invoice: 'none',
      lastsDays: 365,
      platforms: ['ppt'],
    },
  ];

  for (const [index, demo] of orders.entries()) {
    const orderedAt = now - demo.daysAgo * DAY - index * 60;
    const row = await recordOrder(
      db,
      {
        userId,
        tellBuyer: false,
        product: demo.product,
        type: demo.type,
        productName: demo.name,
        item: demo.item === undefined ? undefined : { key: demo.item, target: null },
        amount: demo.amount,
        channel: demo.channel,
        region: demo.region,
        orderedAt,
        quantity: demo.quantity,
        more: demo.more ?? null,
        exp: demo.lastsDays === undefined ? null : orderedAt + demo.lastsDays * DAY,
        platforms: demo.platforms,
        version: demo.version ?? null,
        productId: demo.productId ?? null,
        renews: demo.renews,
      },
      now,
    );
    if (demo.invoice === 'none') continue;
    const order = await repo.findOrderByNo(db, row.order_id);
    if (!order) continue;
    const overseas = demo.region === 'overseas';
    const requestedAt = orderedAt + DAY;
    await repo.claimInvoice(db, {
      order_id: order.id,
      user_id: userId,
      state: overseas ? 'billing_success' : 'billing_pending',
      iv_type: overseas ? InvoiceKind.receipt : InvoiceKind.ordinaryElectronic,
      title_type: overseas ? 'personal' : 'company',
      title: overseas ? 'Demo User' : '示例科技有限公司',
      tax_number: overseas ? null : '91350100M000100Y43',
      email,
      number: overseas ? documentNumber('receipt', order.id, requestedAt) : null,
      requested_at: requestedAt,
      issued_at: overseas ? requestedAt : null,
      failed_at: null,
      fail_reason: null,
      updated_at: requestedAt,
    });
    if (demo.invoice === 'issued' && !overseas) {
      await repo.markInvoiceIssued(
        db,
        order.id,
        documentNumber('invoice', order.id, requestedAt + DAY),
        requestedAt + DAY,
      );
    }
    if (demo.invoice === 'failed') {
      await repo.markInvoiceFailed(db, order.id, '税号与抬头不一致', requestedAt + DAY);
    }
  }

  // Team plans, kept apart from the personal licences: given by the team, not bought here. The
  // demo is each one's source, so seeding again gives nothing more.
  const teamLicences = [
    {
      key: 'team-max',
      product: 'max',
      ends: { group_exp: now + 90 * DAY, group_mobile_exp: now + 90 * DAY },
      attributes: { group_name: 'Design team' },
    },
    {
      key: 'team-hb',
      product: 'hb',
      ends: { group_exp: FOREVER_EXPIRY },
      attributes: { group_name: 'Whiteboard team', name: 'Whiteboard team plan' },
    },
  ] as const;
  for (const { key, ...licence } of teamLicences) {
    await giveBenefitAlone(
      db,
      userId,
      { kind: 'licence', ...licence },
      { kind: 'operator', id: `demo:${userId}:${key}`, reason: 'demo team plan' },
      now,
    );
  }

  await setStorage(db, { userId, area: 'project', maxBytes: 1024 * MB, usedBytes: 300 * MB }, now);
  await setStorage(db, { userId, area: 'whiteboard', maxBytes: 100 * MB, usedBytes: Math.round(12.5 * MB) }, now);
  await setStorage(db, { userId, area: 'mindmap', maxBytes: 2048 * MB, usedBytes: 1229 * MB }, now);

  const records = await subscriptionRecords(db, userId);
  return { created: true, orders: orders.length, subscriptions: records.length };
}
