import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Grants and ledgers (docs/architecture.md#grants-and-ledgers, docs/decisions/022): everything a person is given, whatever
// the source, and every movement of a balance. Never edit once landed: add a new migration.

const kinds = sql`'ai_points', 'template_credit', 'income', 'licence', 'subscription', 'coupon', 'course', 'seats'`;
const balanceKinds = sql`'ai_points', 'template_credit', 'income'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('grants'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // What is given, when the kind needs naming: a licence's product, a course's id, …
    .addColumn('item', 'varchar(64)')
    // Balance kinds: how much was given; seats: how many. Null for the others.
    .addColumn('amount', 'bigint')
    // Balance kinds only: what is left of this grant. Spending draws it down with a
    // conditional update; the check makes the database itself refuse a negative remainder.
    .addColumn('remaining', 'bigint')
    .addColumn('starts_at', TIME)
    // Null: never ends (a lifetime licence, points without an expiry).
    .addColumn('expires_at', TIME)
    .addColumn('source_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('granted_at', TIME, time)
    .addColumn('revoked_at', TIME)
    .addColumn('revoke_reason', 'varchar(200)')
    .addCheckConstraint('grants_kind', sql`kind in (${kinds})`)
    .addCheckConstraint('grants_source_kind', sql`source_kind in ('order', 'code', 'plan', 'activity', 'operator')`)
    .addCheckConstraint(
      'grants_balance_amounts',
      sql`(kind in (${balanceKinds}) and amount > 0 and remaining between 0 and amount)
        or (kind not in (${balanceKinds}) and remaining is null)`,
    )
    .addCheckConstraint('grants_amount_positive', sql`amount is null or amount > 0`)
    .addCheckConstraint('grants_revoked', sql`(revoked_at is null) = (revoke_reason is null)`)
    // SQLite ignores varchar lengths; length() counts characters on both databases.
    .addCheckConstraint(
      'grants_text_lengths',
      sql`length(source_id) between 1 and 64 and length(reason) between 1 and 200
        and (item is null or length(item) between 1 and 64)
        and (revoke_reason is null or length(revoke_reason) between 1 and 200)`,
    )
    .addCheckConstraint('grants_period', sql`starts_at is null or expires_at is null or expires_at > starts_at`)
    // The same source never grants the same kind twice (an order settled twice, a code
    // redeemed twice): the insert of the second is a no-op, decided by the database.
    .addUniqueConstraint('grants_one_per_source', ['source_kind', 'source_id', 'kind'])
    .execute();
  // Spending reads a person's live grants of a kind, soonest expiry first.
  await db.schema.createIndex('grants_by_user').on('grants').columns(['user_id', 'kind', 'expires_at']).execute();

  await withAutoId(db.schema.createTable('ledger_entries'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The grant the movement came into or out of; a use of several grants is one entry each.
    .addColumn('grant_id', 'integer', (c) => c.references('grants.id').onDelete('cascade'))
    .addColumn('delta', 'bigint', (c) => c.notNull())
    // grant, spend, revoke, expire.
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    // The caller's own name for the movement: an AI feature call, a template bought, an order.
    .addColumn('reference', 'varchar(200)')
    .addColumn('created_at', TIME, time)
    .addCheckConstraint('ledger_entries_kind', sql`kind in (${balanceKinds})`)
    .addCheckConstraint('ledger_entries_reason', sql`reason in ('grant', 'spend', 'revoke', 'expire')`)
    .addCheckConstraint('ledger_entries_delta', sql`delta <> 0`)
    .addCheckConstraint('ledger_entries_reference', sql`reference is null or length(reference) <= 200`)
    .execute();
  // A person's history of a kind, newest first.
  await db.schema
    .createIndex('ledger_entries_by_user')
    .on('ledger_entries')
    .columns(['user_id', 'kind', 'id'])
    .execute();
  // "Where did this grant go": the uses that drew from it.
  await db.schema.createIndex('ledger_entries_by_grant').on('ledger_entries').column('grant_id').execute();

  // Ledger entries are never edited: a correction is a new entry.
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger entries are never edited';
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE ON ledger_entries
      BEGIN
        SELECT RAISE(ABORT, 'ledger entries are never edited');
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS ledger_entries_append_only ON ledger_entries`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ledger_entries_append_only()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS ledger_entries_append_only`.execute(db);
  }
  await db.schema.dropTable('ledger_entries').ifExists().execute();
  await db.schema.dropTable('grants').ifExists().execute();
}
