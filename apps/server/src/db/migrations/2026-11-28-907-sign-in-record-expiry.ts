import type { Kysely } from 'kysely';

/**
 * Sign-in records by the column the periodic sweep chooses them by (docs/decisions/039), so that
 * a round reads the rows it deletes rather than the whole table on PostgreSQL: verification codes
 * and login tickets by their end, throttle rows and code send windows by the start of their
 * counting window. A try or a send changes that start only when a new window begins, while its
 * last try, last send or lock change with most of them: most still update the row without
 * touching the index. Never edit once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('verification_codes_expiry').on('verification_codes').column('expires_at').execute();
  await db.schema.createIndex('login_tickets_expiry').on('login_tickets').column('expires_at').execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_started_at').execute();
  await db.schema.createIndex('code_send_windows_day').on('code_send_windows').column('day_started_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('code_send_windows_day').execute();
  await db.schema.dropIndex('login_throttle_window').execute();
  await db.schema.dropIndex('login_tickets_expiry').execute();
  await db.schema.dropIndex('verification_codes_expiry').execute();
}
