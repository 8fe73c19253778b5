import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Idempotency keys of signed-in writes (docs/architecture.md#idempotent-writes, docs/decisions/018). Never edit once
// landed: add a new migration instead.
//
// - A row is claimed by inserting it; the unique key (user, method, route, key) lets exactly
//   one of any number of concurrent duplicates win, on every instance.
// - `fingerprint`: SHA-256 of the request's path parameters, query and body in canonical
//   JSON; the same key with another fingerprint is refused.
// - `response_status` and `response_body` stay NULL while the first request runs, and hold
//   what it answered once it has finished.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await withAutoId(db.schema.createTable('idempotency_keys'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', TIME, time)
    .addColumn('completed_at', TIME)
    .addColumn('expires_at', TIME, time)
    // SQLite ignores varchar lengths; length() counts characters on both databases.
    .addCheckConstraint('idempotency_keys_key_length', sql`length(idempotency_key) between 1 and 255`)
    .addCheckConstraint(
      'idempotency_keys_finished_whole',
      sql`(response_status is null) = (response_body is null) and (response_status is null) = (completed_at is null)`,
    )
    .addUniqueConstraint('idempotency_keys_scope', ['user_id', 'method', 'route', 'idempotency_key'])
    .execute();
  // Expired keys are swept by this index as new ones are claimed.
  await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
