import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time } from './helpers.js';

// Closing an account by a fresh third-party sign-in (docs/decisions/008): a flow may now be
// started for `close`, beside `bind` and `sign-in`. Never edit once landed: add a new migration.

const purposes = (list: readonly string[]) =>
  sql.raw(`purpose in (${list.map((purpose) => `'${purpose}'`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await replacePurposeCheck(db, ['bind', 'sign-in', 'close']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('oauth_flows' as never)
    .where(sql.ref('purpose'), '=', 'close')
    .execute();
  await replacePurposeCheck(db, ['bind', 'sign-in']);
}

async function replacePurposeCheck(db: Kysely<unknown>, allowed: readonly string[]) {
  if (dialectOf(db) === 'postgres') {
    // PostgreSQL named the column's check `<table>_<column>_check` (migration 402).
    await db.schema.alterTable('oauth_flows').dropConstraint('oauth_flows_purpose_check').execute();
    await db.schema
      .alterTable('oauth_flows')
      .addCheckConstraint('oauth_flows_purpose_check', purposes(allowed))
      .execute();
    return;
  }
  // SQLite cannot change a check constraint: the table is rebuilt with the new one and its rows
  // copied (https://www.sqlite.org/lang_altertable.html#otheralter). Nothing references it.
  await db.schema
    .createTable('oauth_flows_next')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull().check(purposes(allowed)))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('used_at', TIME)
    .execute();
  await sql`insert into oauth_flows_next select * from oauth_flows`.execute(db);
  await db.schema.dropTable('oauth_flows').execute();
  await db.schema.alterTable('oauth_flows_next').renameTo('oauth_flows').execute();
  await db.schema.createIndex('oauth_flows_expires').on('oauth_flows').column('expires_at').execute();
}
