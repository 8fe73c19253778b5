import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// AI points and template credit (issue 13, docs/decisions/030): how each balance grant was
// acquired, each account's usage counter and unlimited use, every use of points, every template
// bought with credit. The balances themselves are the grants' remainders (decision 022). Never
// edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  // How a balance grant was acquired: for AI points the spec's acquisition labels
  // (Buy_AI_Group, Membership_Bonus, …), from which the source type follows. Null: other.
  await db.schema.alterTable('grants').addColumn('method', 'varchar(32)').execute();

  // One row per account that has used points or been given unlimited use. Every use raises
  // `usage_count` first, which queues one account's uses behind each other (so each use's
  // `after_point` is exact) and numbers them, so any page of the history is found by number.
  await db.schema
    .createTable('ai_point_accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Unlimited use runs until this moment; null: none was ever given.
    .addColumn('unlimited_until', TIME)
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint('ai_point_accounts_usage_count', sql`usage_count >= 0`)
    .execute();

  await withAutoId(db.schema.createTable('ai_point_usages'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The use's number among the account's uses, from 1: the account's `usage_count` when made.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    // 0 none, 1 diagram, 2 mind-map.
    .addColumn('product_type', 'integer', (c) => c.notNull())
    // The feature's code: 1–29 mind-map, 1001–1116 diagram, 2001 expired points.
    .addColumn('feature_code', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('after_point', 'integer', (c) => c.notNull())
    // 1: made during unlimited use, the balance untouched.
    .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('ai_point_usages_product_type', sql`product_type in (0, 1, 2)`)
    .addCheckConstraint('ai_point_usages_points', sql`points >= 0 and after_point >= 0`)
    .addCheckConstraint('ai_point_usages_unlimited', sql`unlimited in (0, 1)`)
    .addUniqueConstraint('ai_point_usages_by_seq', ['user_id', 'seq'])
    .execute();

  // Templates bought with template credit (spec 01 §3 "Template coupon record"); what was drawn
  // from which grant is in the ledger, under `template:<id>`.
  await withAutoId(db.schema.createTable('template_credit_spends'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, time)
    .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('work_title', 'varchar(200)', (c) => c.notNull())
    // Fen.
    .addColumn('price', 'integer', (c) => c.notNull())
    .addCheckConstraint('template_credit_spends_price', sql`price > 0`)
    .execute();
  await db.schema
    .createIndex('template_credit_spends_by_user')
    .on('template_credit_spends')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('template_credit_spends').ifExists().execute();
  await db.schema.dropTable('ai_point_usages').ifExists().execute();
  await db.schema.dropTable('ai_point_accounts').ifExists().execute();
  await db.schema.alterTable('grants').dropColumn('method').execute();
}
