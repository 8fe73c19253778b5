import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Checkout and payments (issue 17, docs/decisions/037): orders waiting to be paid and what became
// of them, every notification a payment provider sent, and the sandbox provider's own books (it
// stands in for a real provider on this machine, so it keeps what a provider would keep). Never
// edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('checkouts'), dialect)
    // The number the provider knows it by; the order's number in the history once paid.
    .addColumn('out_trade_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // A personal plan's product (max or mind); null for everything else.
    .addColumn('product', 'varchar(8)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('region', 'varchar(16)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // Minor units: the list price, what the coupon took off, and what is charged.
    .addColumn('list_amount', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // The coupon holding used up by this checkout, given back if it closes unpaid.
    .addColumn('coupon_grant_id', 'integer', (c) => c.references('grants.id'))
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    // The provider's own id of the payment and the page it pays on, once opened there.
    .addColumn('provider_ref', 'varchar(64)')
    .addColumn('pay_url', 'varchar(500)')
    // What the QR code to scan encodes (wxpay, alipay).
    .addColumn('qr_content', 'varchar(500)')
    // A continuous plan's renewal names the checkout of the plan it renews.
    .addColumn('renews', 'varchar(20)')
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('paid_at', TIME)
    .addColumn('fulfilled_at', TIME)
    .addColumn('closed_at', TIME)
    .addColumn('refunded_at', TIME)
    .addColumn('refund_note', 'varchar(500)')
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint(
      'checkouts_kind',
      sql`kind in ('personal', 'business', 'ai_points', 'ai_unlimited', 'template_credit')`,
    )
    .addCheckConstraint('checkouts_product', sql`(kind = 'personal') = (product is not null)`)
    .addCheckConstraint('checkouts_product_values', sql`product is null or product in ('max', 'mind')`)
    .addCheckConstraint('checkouts_quantity', sql`quantity between 1 and 1000`)
    .addCheckConstraint('checkouts_method', sql`method in ('wxpay', 'alipay', 'bank', 'card')`)
    .addCheckConstraint('checkouts_region', sql`region in ('domestic', 'overseas')`)
    .addCheckConstraint('checkouts_currency', sql`currency in ('CNY', 'USD')`)
    .addCheckConstraint(
      'checkouts_amounts',
      sql`list_amount >= 1 and discount >= 0 and amount >= 1 and amount = list_amount - discount`,
    )
    .addCheckConstraint('checkouts_state', sql`state in ('created', 'paid', 'fulfilled', 'closed', 'refunded')`)
    // Each state carries the times that brought it there, and no other.
    .addCheckConstraint(
      'checkouts_state_times',
      sql`(state = 'created' and paid_at is null and closed_at is null and refunded_at is null)
        or (state = 'closed' and paid_at is null and closed_at is not null and refunded_at is null)
        or (state = 'paid' and paid_at is not null and fulfilled_at is null and refunded_at is null)
        or (state = 'fulfilled' and paid_at is not null and fulfilled_at is not null and refunded_at is null)
        or (state = 'refunded' and paid_at is not null and refunded_at is not null)`,
    )
    .execute();
  // A person's checkouts, newest first; the sweep's unpaid ones by when they close.
  await db.schema.createIndex('checkouts_by_user').on('checkouts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('checkouts_by_state').on('checkouts').columns(['state', 'expires_at']).execute();

  // Every notification a provider sent, verified or not, and what was done with it.
  await withAutoId(db.schema.createTable('payment_notifications'), dialect)
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // As the notification claims it: not trusted until verified.
    .addColumn('out_trade_no', 'varchar(64)')
    .addColumn('event', 'varchar(16)')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'varchar(500)')
    .addColumn('received_at', TIME, time)
    .addCheckConstraint(
      'payment_notifications_outcome',
      sql`outcome in ('fulfilled', 'duplicate', 'bad_signature', 'bad_amount', 'unknown', 'refunded', 'ignored', 'no_account')`,
    )
    .execute();
  await db.schema
    .createIndex('payment_notifications_by_trade')
    .on('payment_notifications')
    .columns(['out_trade_no', 'received_at'])
    .execute();

  // The sandbox provider's payments: what a provider keeps of an order it was asked to collect.
  await withAutoId(db.schema.createTable('sandbox_payments'), dialect)
    // The opaque id in its pay page's address.
    .addColumn('ref', 'varchar(43)', (c) => c.notNull().unique())
    .addColumn('out_trade_no', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    // A continuous plan's payment sets up an agreement to charge again each period.
    .addColumn('agreement', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('paid_at', TIME)
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint('sandbox_payments_state', sql`state in ('pending', 'paid', 'cancelled', 'closed', 'refunded')`)
    .addCheckConstraint('sandbox_payments_amounts', sql`amount >= 1 and refunded >= 0 and refunded <= amount`)
    .execute();

  // Notifications the sandbox owes the server, retried on a schedule until acknowledged.
  await withAutoId(db.schema.createTable('sandbox_notifications'), dialect)
    .addColumn('out_trade_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', TIME, time)
    .addColumn('delivered_at', TIME)
    .addColumn('last_result', 'varchar(200)')
    .addColumn('created_at', TIME, time)
    .execute();
  await db.schema
    .createIndex('sandbox_notifications_due')
    .on('sandbox_notifications')
    .columns(['delivered_at', 'next_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_notifications').ifExists().execute();
  await db.schema.dropTable('sandbox_payments').ifExists().execute();
  await db.schema.dropTable('payment_notifications').ifExists().execute();
  await db.schema.dropTable('checkouts').ifExists().execute();
}
