import { type Kysely, sql } from 'kysely';
import { TIME } from './helpers.js';

// Sign-in throttling per account and address, with a slowing account-wide ceiling
// (docs/decisions/015). Never edit once landed: add a new migration instead.
//
// - `account`: the sign-in account a row is about (the account-wide row and every
//   account-and-address row), so a password reset or closing the account finds all of them;
//   NULL for a row of an address alone.
// - `last_try_at`: the account-wide count is forgotten after a quiet spell measured from its
//   last try, not from a fixed window start.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_throttle').addColumn('account', 'varchar(254)').execute();
  await db.schema.alterTable('login_throttle').addColumn('last_try_at', TIME).execute();
  // Rows written before this migration: `account:<x>` is the account's own row.
  await sql`update login_throttle set account = substr(key, 9) where key like 'account:%'`.execute(db);
  await db.schema.createIndex('login_throttle_account').on('login_throttle').column('account').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Account-and-address rows mean nothing to the older code.
  await sql`delete from login_throttle where key like 'pair:%'`.execute(db);
  await db.schema.dropIndex('login_throttle_account').execute();
  await db.schema.alterTable('login_throttle').dropColumn('last_try_at').execute();
  await db.schema.alterTable('login_throttle').dropColumn('account').execute();
}
