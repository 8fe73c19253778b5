import type { Kysely } from 'kysely';

// The usage chart (issue 13) sums an account's uses of the last 30 days: found by time through
// this index, however long the account's history. Never edit once landed: add a new migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ai_point_usages_by_time')
    .on('ai_point_usages')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ai_point_usages_by_time').ifExists().execute();
}
