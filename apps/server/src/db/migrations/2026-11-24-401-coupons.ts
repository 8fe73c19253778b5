import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Coupons (issue 12, docs/decisions/028): what each coupon is, made by operators; an account
// holds one as a grant of kind `coupon`, and never two live ones at once. Never edit once
// landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('coupons'), dialect)
    // 1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only.
    .addColumn('type', 'integer', (c) => c.notNull())
    // The template communities it is good in: max, mind or all.
    .addColumn('product', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_type', 'varchar(16)', (c) => c.notNull())
    // Minor units off (fen or cents), or the percentage off for type 2.
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('min_spend', 'integer', (c) => c.notNull().defaultTo(0))
    // The operator's description, shown as the coupon's `info[0]`.
    .addColumn('info', 'varchar(200)', (c) => c.notNull())
    // How long a bound coupon lasts: days from binding, and no later than `valid_until`.
    .addColumn('valid_days', 'integer')
    .addColumn('valid_until', TIME)
    .addColumn('created_at', TIME, time)
    .addCheckConstraint('coupons_type', sql`type in (1, 2, 15)`)
    .addCheckConstraint('coupons_product', sql`product in ('max', 'mind', 'all')`)
    .addCheckConstraint('coupons_product_type', sql`product_type in ('template')`)
    .addCheckConstraint('coupons_currency', sql`currency in ('CNY', 'USD')`)
    .addCheckConstraint('coupons_value', sql`value >= 1 and (type <> 2 or value <= 99)`)
    .addCheckConstraint('coupons_min_spend', sql`min_spend >= 0`)
    .addCheckConstraint('coupons_valid_days', sql`valid_days is null or valid_days between 1 and 36500`)
    .addCheckConstraint('coupons_info', sql`length(info) between 1 and 200`)
    .execute();

  // One coupon at a time (spec 01 §4, §9): at most one live coupon grant per account, whatever
  // the application does. A used, replaced or expired coupon is revoked, which frees the place.
  await sql`create unique index grants_one_live_coupon on grants (user_id) where kind = 'coupon' and revoked_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('grants_one_live_coupon').ifExists().execute();
  await db.schema.dropTable('coupons').ifExists().execute();
}
