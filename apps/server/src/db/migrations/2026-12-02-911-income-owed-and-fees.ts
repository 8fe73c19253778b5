import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf, dropAppendOnly, makeAppendOnly } from './helpers.js';

// Income that a refund takes below zero is owed, and the platform fee is at least 1 fen
// (docs/decisions/053). Never edit once landed: add a new migration instead.
//
// - `income_entries_signs`: a sale's share may be 0 (a 1-fen sale is all fee), never below: the
//   fee is never more than the sale. SQLite cannot change a CHECK constraint, so there the table
//   is built again with the new one and its rows copied (only its own reversals reference it).
// - `withdrawals_within_income`: a withdrawal, waiting or paid, never takes the author's income
//   below zero, counted at the moment it is asked for; only a refund can, and what it takes
//   beyond is owed. On PostgreSQL the check takes the author's row lock first, as the services
//   do, so two writers never both count the same income.
// - `withdrawals_settled`: a settled withdrawal stays as it was settled, and none changes its
//   amount or author: a failed one cannot be counted against the income again.

const SIGNS_BEFORE = sql`(kind in ('sale', 'cashback') and amount > 0 and fee >= 0 and reverses_id is null)
  or (kind in ('sale_refund', 'cashback_cancel') and amount < 0 and fee <= 0 and reverses_id is not null)`;
const SIGNS = sql`(kind = 'sale' and gross > 0 and amount >= 0 and fee >= 0 and reverses_id is null)
  or (kind = 'cashback' and amount > 0 and reverses_id is null)
  or (kind = 'sale_refund' and gross < 0 and amount <= 0 and fee <= 0 and reverses_id is not null)
  or (kind = 'cashback_cancel' and amount < 0 and reverses_id is not null)`;

const COLUMNS =
  'id, user_id, product, kind, amount, gross, fee, source_id, title, description, created_at, available_at, reverses_id';

/** The ledger as migration 801 made it, with `signs` as its sign rule (SQLite). */
async function rebuildEntries(db: Kysely<unknown>, signs: RawBuilder<unknown>): Promise<void> {
  await sql`
    CREATE TABLE income_entries_next (
      id integer PRIMARY KEY AUTOINCREMENT,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product varchar(2) NOT NULL,
      kind varchar(16) NOT NULL,
      amount bigint NOT NULL,
      gross bigint NOT NULL,
      fee bigint NOT NULL,
      source_id varchar(64) NOT NULL,
      title varchar(200) NOT NULL,
      description varchar(500) NOT NULL,
      created_at bigint NOT NULL,
      available_at bigint NOT NULL,
      reverses_id integer UNIQUE REFERENCES income_entries_next (id),
      CONSTRAINT income_entries_product CHECK (product in ('mm', 'em')),
      CONSTRAINT income_entries_kind CHECK (kind in ('sale', 'cashback', 'sale_refund', 'cashback_cancel')),
      CONSTRAINT income_entries_sum CHECK (amount = gross - fee),
      CONSTRAINT income_entries_signs CHECK (${signs}),
      CONSTRAINT income_entries_cashback_fee CHECK (kind in ('sale', 'sale_refund') or fee = 0),
      CONSTRAINT income_entries_text_lengths CHECK (length(source_id) between 1 and 64
        and length(title) between 1 and 200 and length(description) <= 500),
      CONSTRAINT income_entries_once UNIQUE (kind, source_id)
    )`.execute(db);
  // Ids in order, so each reversal finds the entry it names already copied.
  await sql
    .raw(`INSERT INTO income_entries_next (${COLUMNS}) SELECT ${COLUMNS} FROM income_entries ORDER BY id`)
    .execute(db);
  await dropAppendOnly(db, 'income_entries');
  await sql`DROP TABLE income_entries`.execute(db);
  await sql`ALTER TABLE income_entries_next RENAME TO income_entries`.execute(db);
  await db.schema
    .createIndex('income_entries_by_user')
    .on('income_entries')
    .columns(['user_id', 'product', 'created_at'])
    .execute();
  await makeAppendOnly(db, 'income_entries', 'income entries are never edited');
}

/** The author's income at `at` less what is already withdrawn or waiting (fen). */
const incomeLeft = (userId: RawBuilder<unknown>, at: RawBuilder<unknown>) => sql`
  (SELECT coalesce(sum(e.amount), 0) FROM income_entries e WHERE e.user_id = ${userId} AND e.available_at <= ${at})
  - (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w WHERE w.user_id = ${userId} AND w.state IN ('submitted', 'paid'))`;

const BELOW_ZERO = 'a withdrawal never takes the income below zero';
const SETTLED = 'a settled withdrawal stays settled, and no withdrawal changes its amount or author';

export async function up(db: Kysely<unknown>): Promise<void> {
  const counted = incomeLeft(sql.raw('NEW.user_id'), sql.raw('NEW.created_at'));
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE income_entries DROP CONSTRAINT income_entries_signs`.execute(db);
    await sql`ALTER TABLE income_entries ADD CONSTRAINT income_entries_signs CHECK (${SIGNS})`.execute(db);
    await sql`
      CREATE FUNCTION withdrawals_within_income() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.state IN ('submitted', 'paid') THEN
          PERFORM 1 FROM users WHERE id = NEW.user_id FOR UPDATE;
          IF ${counted} < NEW.amount THEN
            RAISE EXCEPTION ${sql.lit(BELOW_ZERO)};
          END IF;
        END IF;
        RETURN NEW;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER withdrawals_within_income BEFORE INSERT ON withdrawals
      FOR EACH ROW EXECUTE FUNCTION withdrawals_within_income()`.execute(db);
    await sql`
      CREATE FUNCTION withdrawals_settled() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.amount <> OLD.amount OR NEW.user_id <> OLD.user_id
          OR (OLD.state <> 'submitted' AND NEW.state <> OLD.state) THEN
          RAISE EXCEPTION ${sql.lit(SETTLED)};
        END IF;
        RETURN NEW;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER withdrawals_settled BEFORE UPDATE ON withdrawals
      FOR EACH ROW EXECUTE FUNCTION withdrawals_settled()`.execute(db);
    return;
  }
  await rebuildEntries(db, SIGNS);
  await sql`
    CREATE TRIGGER withdrawals_within_income BEFORE INSERT ON withdrawals
    WHEN NEW.state IN ('submitted', 'paid') AND ${counted} < NEW.amount
    BEGIN
      SELECT RAISE(ABORT, ${sql.lit(BELOW_ZERO)});
    END`.execute(db);
  await sql`
    CREATE TRIGGER withdrawals_settled BEFORE UPDATE ON withdrawals
    WHEN NEW.amount <> OLD.amount OR NEW.user_id <> OLD.user_id
      OR (OLD.state <> 'submitted' AND NEW.state <> OLD.state)
    BEGIN
      SELECT RAISE(ABORT, ${sql.lit(SETTLED)});
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS withdrawals_settled ON withdrawals`.execute(db);
    await sql`DROP FUNCTION IF EXISTS withdrawals_settled()`.execute(db);
    await sql`DROP TRIGGER IF EXISTS withdrawals_within_income ON withdrawals`.execute(db);
    await sql`DROP FUNCTION IF EXISTS withdrawals_within_income()`.execute(db);
    // Entries written since (1-fen sales and their refunds) would break the old rule: gone with it.
    await sql`DELETE FROM income_entries WHERE amount = 0`.execute(db);
    await sql`ALTER TABLE income_entries DROP CONSTRAINT income_entries_signs`.execute(db);
    await sql`ALTER TABLE income_entries ADD CONSTRAINT income_entries_signs CHECK (${SIGNS_BEFORE})`.execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS withdrawals_settled`.execute(db);
  await sql`DROP TRIGGER IF EXISTS withdrawals_within_income`.execute(db);
  await sql`DELETE FROM income_entries WHERE amount = 0`.execute(db);
  await rebuildEntries(db, SIGNS_BEFORE);
}
