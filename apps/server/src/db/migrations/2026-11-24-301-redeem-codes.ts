import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Redeemable codes (issue 12, docs/decisions/027): batches that say what their codes give and
// how often, the codes (stored as keyed digests, never as typed), who redeemed which, and every
// attempt. Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('code_batches'), dialect)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    // What each redemption gives, as JSON the codes module writes and reads (modules/codes).
    .addColumn('benefit', 'text', (c) => c.notNull())
    // 1: a single-use code, bound to one account for good; N: a campaign code, N accounts once each.
    .addColumn('usage_limit', 'integer', (c) => c.notNull())
    // The validity window: before it a code is not yet valid, after it expired. Null: open.
    .addColumn('valid_from', TIME)
    .addColumn('valid_until', TIME)
    .addColumn('created_at', TIME, time)
    .addColumn('disabled_at', TIME)
    .addCheckConstraint('code_batches_kind', sql`kind in ('activation', 'replacement', 'project', 'gift')`)
    .addCheckConstraint('code_batches_usage_limit', sql`usage_limit between 1 and 1000000`)
    .addCheckConstraint(
      'code_batches_window',
      sql`valid_from is null or valid_until is null or valid_until > valid_from`,
    )
    .addCheckConstraint('code_batches_label', sql`length(label) between 1 and 100`)
    .execute();

  await withAutoId(db.schema.createTable('redeem_codes'), dialect)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('code_batches.id'))
    // HMAC-SHA256 of the normalised code under the server's secret: a copy of the database alone
    // does not reveal a code, nor lets one be tried offline.
    .addColumn('digest', 'varchar(64)', (c) => c.notNull().unique())
    // Its last four characters, for operators and receipts of use.
    .addColumn('hint', 'varchar(4)', (c) => c.notNull())
    // Redemptions so far; raised by a conditional update that never passes the batch's limit.
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, time)
    .addColumn('disabled_at', TIME)
    .addCheckConstraint('redeem_codes_uses', sql`uses >= 0`)
    .execute();
  await db.schema.createIndex('redeem_codes_by_batch').on('redeem_codes').column('batch_id').execute();

  await withAutoId(db.schema.createTable('code_redemptions'), dialect)
    .addColumn('code_id', 'integer', (c) => c.notNull().references('redeem_codes.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redeemed_at', TIME, time)
    // One account redeems a code once, whatever its limit: the database decides a race.
    .addUniqueConstraint('code_redemptions_once_per_account', ['code_id', 'user_id'])
    .execute();
  await db.schema.createIndex('code_redemptions_by_user').on('code_redemptions').column('user_id').execute();

  await withAutoId(db.schema.createTable('code_attempts'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    // The code tried, when it exists; its digest is not kept for one that does not.
    .addColumn('code_id', 'integer', (c) => c.references('redeem_codes.id'))
    .addColumn('outcome', 'varchar(24)', (c) => c.notNull())
    .addColumn('attempted_at', TIME, time)
    .execute();
  // Failed tries are counted per account and per address over the last minute and day.
  await db.schema
    .createIndex('code_attempts_by_user')
    .on('code_attempts')
    .columns(['user_id', 'attempted_at'])
    .execute();
  await db.schema.createIndex('code_attempts_by_ip').on('code_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema.createIndex('code_attempts_by_code').on('code_attempts').column('code_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_attempts').ifExists().execute();
  await db.schema.dropTable('code_redemptions').ifExists().execute();
  await db.schema.dropTable('redeem_codes').ifExists().execute();
  await db.schema.dropTable('code_batches').ifExists().execute();
}
