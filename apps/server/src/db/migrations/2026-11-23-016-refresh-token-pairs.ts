import type { Kysely } from 'kysely';

/**
 * The access token issued together with a refresh token, by its hash: rotating the refresh
 * token ends that access token at once (docs/decisions/016). No foreign key: the access token
 * is pruned when it expires, long before the refresh token is. Rows from before this column
 * have none; their access tokens end by expiry, within one access-token life.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('access_token_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('access_token_hash').execute();
}
