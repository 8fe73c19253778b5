import type { Kysely } from 'kysely';

// Messages the product sends of its own events (issue 15): a reminder sent once per event (AI
// points about to expire, once per grant) carries a key no second message may share; the
// database decides, however many instances send at once. Never edit once landed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('event_key', 'varchar(120)').execute();
  await db.schema.createIndex('notices_event_key').on('notices').column('event_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notices_event_key').ifExists().execute();
  await db.schema.alterTable('notices').dropColumn('event_key').execute();
}
