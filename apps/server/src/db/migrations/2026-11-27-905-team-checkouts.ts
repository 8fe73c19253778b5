import type { Kysely } from 'kysely';

/**
 * `checkouts.team_id`: the diagram or project team a business payment buys seats for (the team
 * upgrade, docs/decisions/040). No foreign key: a team may be deleted while its payment is open
 * or after it was paid, and the payment still says whom it was for (the fulfilment then gives
 * nothing, for an operator to refund). Never edit once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkouts').addColumn('team_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('team_id').execute();
}
