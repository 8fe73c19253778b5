import { type Kysely, sql } from 'kysely';

// An order bought at the checkout keeps the catalogue item it was bought as (`item`, a key of the
// checkout catalogue) and what a business term was for (`item_target`: a team's seats, seats
// added to a company, or a term for every seat of one), so that its name is written out in the
// language of whoever reads it, with its product and quantity (docs/decisions/058).
// `product_name` stays the sentence it was recorded with, shown for an order without an item (a
// store's, an operator's). Orders paid before are given the item of their checkout, which has the
// same number. Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('item', 'varchar(32)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('item_target', 'varchar(16)', (c) =>
      c.check(sql`item_target is null or item_target in ('team', 'company_seats', 'company_time')`),
    )
    .execute();
  await giveOrdersTheirItems(db);
}

/** Each order paid at the checkout and recorded without its item gets its checkout's (the same number). */
export async function giveOrdersTheirItems(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE orders SET
      item = (SELECT c.item FROM checkouts c WHERE c.out_trade_no = orders.order_no),
      item_target = (
        SELECT CASE
          WHEN c.team_id IS NOT NULL THEN 'team'
          WHEN c.company_change = 'seats' THEN 'company_seats'
          WHEN c.company_change = 'time' THEN 'company_time'
        END
        FROM checkouts c WHERE c.out_trade_no = orders.order_no
      )
    WHERE item IS NULL AND EXISTS (SELECT 1 FROM checkouts c WHERE c.out_trade_no = orders.order_no)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('item_target').execute();
  await db.schema.alterTable('orders').dropColumn('item').execute();
}
