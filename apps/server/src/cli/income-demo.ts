import type { IncomeProduct } from '@account-centre/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { recordCashback, recordSale, refundIncome, requestWithdrawal } from '../modules/income/income.service.js';
import { settleWithdrawal } from '../modules/income/payouts.service.js';

const DAY = 86_400;
const noIdempotencyKey = async () => undefined;

/** Templates the demo author sold, one or two a month over the last year, in both products. */
const DEMO_TEMPLATES: readonly { title: string; product: IncomeProduct; gross: number }[] = [
  { title: 'Agile sprint board', product: 'em', gross: 1_990 },
  { title: 'Book summary mind map', product: 'mm', gross: 990 },
  { title: 'Cloud architecture (AWS) set', product: 'em', gross: 4_900 },
  { title: 'Exam revision map', product: 'mm', gross: 1_290 },
  { title: 'Customer journey map', product: 'em', gross: 2_990 },
  { title: 'Weekly review mind map', product: 'mm', gross: 590 },
  { title: 'Data flow diagram kit', product: 'em', gross: 3_900 },
  { title: 'Novel plot planner', product: 'mm', gross: 1_590 },
  { title: 'Office floor plan pack', product: 'em', gross: 6_900 },
  { title: 'Meeting notes template', product: 'mm', gross: 390 },
  { title: 'BPMN order process', product: 'em', gross: 2_490 },
  { title: 'Career plan mind map', product: 'mm', gross: 1_990 },
];

/**
 * The demo account as a template author (issue 14), so both tabs of the income screen show:
 * sales of both products across the last year (one refunded), a friend's order's cashback that
 * unlocked and one still locked, and a withdrawal paid last quarter. Once: an account with
 * income is left alone.
 */
export async function seedIncomeDemo(
  db: Db,
  config: Pick<Config, 'secretKey' | 'payoutCalendar'>,
  userId: number,
  now: number,
): Promise<void> {
  const any = await db.selectFrom('income_entries').select('id').where('user_id', '=', userId).limit(1).execute();
  if (any.length > 0) return;
  const sold = (i: number) => `demo-sale-${userId}-${i}`;
  // Two sales a month, the oldest about a year ago.
  for (let i = 0; i < 24; i++) {
    const template = DEMO_TEMPLATES[i % DEMO_TEMPLATES.length]!;
    const at = now - (355 - i * 15) * DAY;
    await recordSale(
      db,
      {
        userId,
        product: template.product,
        sourceId: sold(i),
        title: template.title,
        gross: template.gross * (1 + (i % 3)),
      },
      at,
      noIdempotencyKey,
    );
  }
  await refundIncome(db, { userId, of: 'sale', sourceId: sold(20) }, now - 40 * DAY, noIdempotencyKey);
  const friend = { userId, product: 'em' as const, title: 'A friend you invited bought a plan' };
  await recordCashback(
    db,
    { ...friend, sourceId: `demo-cashback-${userId}-1`, amount: 2_800, orderedAt: now - 60 * DAY },
    now - 60 * DAY,
    noIdempotencyKey,
  );
  await recordCashback(
    db,
    { ...friend, product: 'mm', sourceId: `demo-cashback-${userId}-2`, amount: 1_960, orderedAt: now - 2 * DAY },
    now - 2 * DAY,
    noIdempotencyKey,
  );
  const asked = now - 100 * DAY;
  const paid = await requestWithdrawal(
    db,
    {
      userId,
      form: {
        zfb: 'demo@example.com',
        identity_card: '11010519491231002X',
        name: '演示作者',
        mobile: '13800138000',
        amount: 100,
      },
      secretKey: config.secretKey,
      calendar: config.payoutCalendar,
    },
    asked,
    noIdempotencyKey,
  );
  await settleWithdrawal(db, paid.id, { paid: { reference: `DEMO-ALIPAY-${paid.id}` } }, asked + 30 * DAY);
}
