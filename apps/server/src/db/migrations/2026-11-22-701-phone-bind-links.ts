import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time } from './helpers.js';

// Phone binding (spec 01 §2, docs/decisions/009): one-time links that open the phone-binding
// page on a phone, and one account per phone number across the sign-in phone and the second
// mobile. Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One link per account (the primary key): a new link replaces the old one. Only the SHA-256
  // of the token is kept; a used link stays (used_at) so the computer showing it learns that
  // the phone was bound, until the next link replaces it.
  await db.schema
    .createTable('phone_bind_links')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('used_at', TIME)
    .execute();

  // "Each phone logs into one account only" (spec 01 §2): a number is the sign-in phone or the
  // second mobile of one account, never both, and never of two accounts. The users table keeps
  // the two columns; this table holds every number of either column under one primary key, kept
  // up to date by triggers, so the database decides even between a sign-up, a phone bind and a
  // second-mobile bind racing for one number (a duplicate is a unique violation on `mobile`).
  await db.schema
    .createTable('phone_numbers')
    .addColumn('mobile', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('phone_numbers_user').on('phone_numbers').column('user_id').execute();

  // Numbers already bound: sign-in phones first, so that in the unlikely case of an old clash
  // the sign-in phone keeps its number and the second mobile is the one left unclaimed.
  for (const column of ['mobile', 'second_mobile'] as const) {
    await sql`INSERT INTO phone_numbers (mobile, user_id)
      SELECT ${sql.ref(column)}, id FROM users WHERE ${sql.ref(column)} IS NOT NULL
      ON CONFLICT (mobile) DO NOTHING`.execute(db);
  }

  // On every insert, and on every update that names either column, the account's numbers are
  // written again: its old ones deleted, its new ones inserted.
  if (dialectOf(db) === 'postgres') {
    await sql`CREATE FUNCTION users_phone_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM phone_numbers WHERE user_id = NEW.id;
        END IF;
        IF NEW.mobile IS NOT NULL THEN
          INSERT INTO phone_numbers (mobile, user_id) VALUES (NEW.mobile, NEW.id);
        END IF;
        IF NEW.second_mobile IS NOT NULL THEN
          INSERT INTO phone_numbers (mobile, user_id) VALUES (NEW.second_mobile, NEW.id);
        END IF;
        RETURN NULL;
      END
    $$`.execute(db);
    await sql`CREATE TRIGGER users_phone_numbers
      AFTER INSERT OR UPDATE OF mobile, second_mobile ON users
      FOR EACH ROW EXECUTE FUNCTION users_phone_numbers()`.execute(db);
  } else {
    const write = sql`
      INSERT INTO phone_numbers (mobile, user_id) SELECT NEW.mobile, NEW.id WHERE NEW.mobile IS NOT NULL;
      INSERT INTO phone_numbers (mobile, user_id) SELECT NEW.second_mobile, NEW.id WHERE NEW.second_mobile IS NOT NULL;`;
    await sql`CREATE TRIGGER users_phone_numbers_insert AFTER INSERT ON users
      BEGIN ${write} END`.execute(db);
    await sql`CREATE TRIGGER users_phone_numbers_update AFTER UPDATE OF mobile, second_mobile ON users
      BEGIN DELETE FROM phone_numbers WHERE user_id = NEW.id; ${write} END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS users_phone_numbers ON users`.execute(db);
    await sql`DROP FUNCTION IF EXISTS users_phone_numbers()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS users_phone_numbers_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS users_phone_numbers_update`.execute(db);
  }
  await db.schema.dropTable('phone_numbers').ifExists().execute();
  await db.schema.dropTable('phone_bind_links').ifExists().execute();
}
