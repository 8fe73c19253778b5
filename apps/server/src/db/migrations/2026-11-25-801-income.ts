import { type Kysely, sql } from 'kysely';
import { dialectOf, dropAppendOnly, makeAppendOnly, TIME, time, withAutoId } from './helpers.js';

// Template authors' income and its withdrawal (issue 14, docs/decisions/034): an append-only
// ledger of what an author earned, and the withdrawals that pay it out. Never edit once landed:
// add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('income_entries'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // mm mind-map, em diagram.
    .addColumn('product', 'varchar(2)', (c) => c.notNull())
    // sale, cashback, and their reversals sale_refund, cashback_cancel.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // Fen the entry adds to the author's income (negative for a reversal) = gross - fee.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    // The caller's id of what earned it: the community's sale id, the friend's order number.
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    // From when it can be withdrawn: at once for a sale, 7 days after the order for a cashback.
    .addColumn('available_at', TIME, time)
    // A reversal names the entry it reverses; each entry is reversed at most once.
    .addColumn('reverses_id', 'integer', (c) => c.references('income_entries.id').unique())
    .addCheckConstraint('income_entries_product', sql`product in ('mm', 'em')`)
    .addCheckConstraint('income_entries_kind', sql`kind in ('sale', 'cashback', 'sale_refund', 'cashback_cancel')`)
    .addCheckConstraint('income_entries_sum', sql`amount = gross - fee`)
    .addCheckConstraint(
      'income_entries_signs',
      sql`(kind in ('sale', 'cashback') and amount > 0 and fee >= 0 and reverses_id is null)
        or (kind in ('sale_refund', 'cashback_cancel') and amount < 0 and fee <= 0 and reverses_id is not null)`,
    )
    .addCheckConstraint('income_entries_cashback_fee', sql`kind in ('sale', 'sale_refund') or fee = 0`)
    .addCheckConstraint(
      'income_entries_text_lengths',
      sql`length(source_id) between 1 and 64 and length(title) between 1 and 200 and length(description) <= 500`,
    )
    // A sale, a cashback and each reversal is recorded once, however often it is sent.
    .addUniqueConstraint('income_entries_once', ['kind', 'source_id'])
    .execute();
  // The record tab: one author's entries of a product in a window, newest first.
  await db.schema
    .createIndex('income_entries_by_user')
    .on('income_entries')
    .columns(['user_id', 'product', 'created_at'])
    .execute();

  // Entries are never edited: a refund is an entry of its own.
  await makeAppendOnly(db, 'income_entries', 'income entries are never edited');

  await withAutoId(db.schema.createTable('withdrawals'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Fen; what the payment account receives.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // submitted, then paid or failed (a failure gives the amount back to the author's income).
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    // The Alipay account paid into: a mainland mobile number or an e-mail address.
    .addColumn('zfb', 'varchar(254)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    // The identity number, encrypted (AES-256-GCM, a key derived from the server secret), and
    // its masked form for screens and operators.
    .addColumn('identity_card_cipher', 'varchar(200)', (c) => c.notNull())
    .addColumn('identity_card_mask', 'varchar(18)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    // YYYY-MM-DD in China: after the 10th of the next month, past holidays.
    .addColumn('payout_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('settled_at', TIME)
    .addColumn('transfer_reference', 'varchar(100)')
    .addColumn('failure_reason', 'varchar(200)')
    .addCheckConstraint('withdrawals_amount', sql`amount > 0`)
    .addCheckConstraint(
      'withdrawals_state',
      sql`(state = 'submitted' and settled_at is null and transfer_reference is null and failure_reason is null)
        or (state = 'paid' and settled_at is not null and transfer_reference is not null and failure_reason is null)
        or (state = 'failed' and settled_at is not null and failure_reason is not null and transfer_reference is null)`,
    )
    .execute();
  // One unfinished withdrawal per account (spec 01 §4), decided by the database.
  await db.schema
    .createIndex('withdrawals_one_unfinished')
    .on('withdrawals')
    .column('user_id')
    .unique()
    .where(sql.ref('state'), '=', 'submitted')
    .execute();
  await db.schema.createIndex('withdrawals_by_user').on('withdrawals').columns(['user_id', 'id']).execute();
  // Operators list a month's requests by state.
  await db.schema.createIndex('withdrawals_by_state').on('withdrawals').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, 'income_entries');
  await db.schema.dropTable('withdrawals').ifExists().execute();
  await db.schema.dropTable('income_entries').ifExists().execute();
}
