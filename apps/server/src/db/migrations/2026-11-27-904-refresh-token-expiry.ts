import type { Kysely } from 'kysely';

/**
 * Refresh tokens by their end, for the periodic sweep that deletes them once past it
 * (docs/decisions/039): a rotation no longer prunes its own session's tokens. Never edit once
 * landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('refresh_tokens_expiry').on('refresh_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_expiry').execute();
}
