import { type Kysely, sql } from 'kysely';
import { TIME, time } from './helpers.js';

// Third-party sign-in flows (docs/decisions/008): what the callback needs to finish a flow it
// started — the PKCE verifier, the nonce, who is binding — found by the hash of the state.
// Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_flows')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull().check(sql`purpose in ('bind', 'sign-in')`))
    // Null for a sign-in: the identity decides the account.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    // SHA-256 of a secret in an HttpOnly cookie of the browser that started the flow: a
    // callback URL sent to someone else's browser cannot finish it (login CSRF).
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('used_at', TIME)
    .execute();
  // Expired flows are pruned by age.
  await db.schema.createIndex('oauth_flows_expires').on('oauth_flows').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_flows').ifExists().execute();
}
