import type { Kysely } from 'kysely';
import { TIME } from './helpers.js';

// A key's work marked done inside the work's own transaction (docs/decisions/018, "closing the
// window"). Never edit once landed: add a new migration instead.
//
// - `applied_at`: set by the route's own transaction when its effect commits. A key with it is
//   never taken over as abandoned, so an instance dying between the work and storing the answer
//   can no longer let a retry run the work a second time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('applied_at', TIME).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('applied_at').execute();
}
