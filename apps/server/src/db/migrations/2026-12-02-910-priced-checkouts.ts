import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

/**
 * What a payment gives is what was priced (docs/decisions/052):
 * - `checkouts.priced_seats` and `priced_end`: the seats a company had and the end it ran to
 *   (null: lifelong) when a term or seats for it were priced; fulfilment gives exactly that or
 *   refuses the payment and refunds it. Null on every other checkout.
 * - a coupon holding discounts one checkout at most (`checkouts_coupon_once`);
 * - `payment_reviews`: what an operator must see of a payment — one refused at fulfilment, a
 *   discount whose coupon was spent elsewhere — once per payment and kind;
 * - a notification's outcome may be `refused`. SQLite cannot change a CHECK constraint, so there
 *   `payment_notifications` is built again with the new one and its rows copied (nothing
 *   references it).
 * Never edit once landed: add a new migration instead.
 */

const OUTCOMES_BEFORE = `'fulfilled', 'duplicate', 'bad_signature', 'bad_amount', 'unknown', 'refunded', 'ignored', 'no_account'`;
const NOTIFICATION_COLUMNS = 'id, provider, out_trade_no, event, outcome, detail, received_at';

async function allowOutcomes(db: Kysely<unknown>, outcomes: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE payment_notifications DROP CONSTRAINT payment_notifications_outcome`.execute(db);
    await sql
      .raw(
        `ALTER TABLE payment_notifications ADD CONSTRAINT payment_notifications_outcome CHECK (outcome in (${outcomes}))`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TABLE payment_notifications_new (
        id integer PRIMARY KEY AUTOINCREMENT,
        provider varchar(16) NOT NULL,
        out_trade_no varchar(64),
        event varchar(16),
        outcome varchar(16) NOT NULL,
        detail varchar(500),
        received_at bigint NOT NULL,
        CONSTRAINT payment_notifications_outcome CHECK (outcome in (${outcomes}))
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO payment_notifications_new (${NOTIFICATION_COLUMNS}) SELECT ${NOTIFICATION_COLUMNS} FROM payment_notifications`,
    )
    .execute(db);
  await sql`DROP TABLE payment_notifications`.execute(db);
  await sql`ALTER TABLE payment_notifications_new RENAME TO payment_notifications`.execute(db);
  await db.schema
    .createIndex('payment_notifications_by_trade')
    .on('payment_notifications')
    .columns(['out_trade_no', 'received_at'])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('checkouts').addColumn('priced_seats', 'integer').execute();
  await db.schema.alterTable('checkouts').addColumn('priced_end', TIME).execute();
  await db.schema.createIndex('checkouts_coupon_once').on('checkouts').column('coupon_grant_id').unique().execute();

  await allowOutcomes(db, `${OUTCOMES_BEFORE}, 'refused'`);

  await withAutoId(db.schema.createTable('payment_reviews'), dialect)
    .addColumn('out_trade_no', 'varchar(20)', (c) => c.notNull().references('checkouts.out_trade_no'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // Minor units of the checkout's currency: the payment refused, or the discount not covered.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // What happened, as JSON: for the operator, not for the buyer.
    .addColumn('detail', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addUniqueConstraint('payment_reviews_once', ['out_trade_no', 'kind'])
    .addCheckConstraint('payment_reviews_kind', sql`kind in ('refused', 'coupon_spent')`)
    .addCheckConstraint('payment_reviews_amount', sql`amount >= 0`)
    .execute();
  await db.schema.createIndex('payment_reviews_by_time').on('payment_reviews').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_reviews').ifExists().execute();
  await sql`DELETE FROM payment_notifications WHERE outcome = 'refused'`.execute(db);
  await allowOutcomes(db, OUTCOMES_BEFORE);
  await db.schema.dropIndex('checkouts_coupon_once').execute();
  await db.schema.alterTable('checkouts').dropColumn('priced_end').execute();
  await db.schema.alterTable('checkouts').dropColumn('priced_seats').execute();
}
