import type { Kysely } from 'kysely';
import { TIME } from './helpers.js';

/**
 * Outbox delivery needs one time per row: while a delivery worker holds a message it is the
 * end of the worker's lease (so another instance cannot send it a second time), after a failed
 * try it is the earliest time of the next one (back-off). 0: due now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('next_attempt_at', TIME, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('next_attempt_at').execute();
}
