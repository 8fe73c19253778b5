import type { Kysely } from 'kysely';

/**
 * A failed withdrawal of a closed account can be paid by hand after all (docs/decisions/034):
 * the payout is a new paid withdrawal naming the failed one, and the unique index lets a failed
 * withdrawal be paid again once, however many operators try at the same moment. Never edit once
 * landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('repays_id', 'integer', (c) => c.references('withdrawals.id'))
    .execute();
  await db.schema.createIndex('withdrawals_repaid_once').on('withdrawals').column('repays_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_repaid_once').execute();
  await db.schema.alterTable('withdrawals').dropColumn('repays_id').execute();
}
