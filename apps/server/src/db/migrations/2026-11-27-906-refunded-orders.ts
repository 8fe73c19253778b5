import type { Kysely } from 'kysely';

/**
 * `orders.refunded_at`: when an operator's refund of the order's checkout gave the money back
 * (docs/decisions/037). The history marks the order, and no receipt can be asked for it any more.
 * Never edit once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refunded_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
}
