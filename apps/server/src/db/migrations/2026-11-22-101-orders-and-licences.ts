import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Orders, their invoices, subscription records and storage quotas (spec 01 §3–§5). Money is
// in integer minor units (fen, cents). Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('orders'), dialect)
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().check(sql`currency in ('CNY', 'USD')`))
    .addColumn('channel', 'varchar(16)', (c) =>
      c.notNull().check(sql`channel in ('online', 'app_store', 'lenovo_store', 'bank_transfer')`),
    )
    .addColumn('region', 'varchar(16)', (c) => c.notNull().check(sql`region in ('domestic', 'overseas')`))
    .addColumn('agent', 'varchar(100)')
    .addColumn('more', 'varchar(500)')
    .addColumn('ordered_at', TIME, time)
    .addColumn('exp', TIME)
    .addColumn('created_at', TIME, time)
    .execute();
  await db.schema.createIndex('orders_order_no_unique').on('orders').column('order_no').unique().execute();
  // The history is read newest first per user, paged: this index serves every page.
  await db.schema.createIndex('orders_user_history').on('orders').columns(['user_id', 'ordered_at', 'id']).execute();

  // One invoice per order: the primary key is the order. No row means billing_not; a failed
  // request may be made again by moving the same row back to pending (spec 01 §4).
  await db.schema
    .createTable('invoices')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (c) =>
      c.notNull().check(sql`state in ('billing_fail', 'billing_pending', 'billing_success')`),
    )
    .addColumn('iv_type', 'integer', (c) => c.notNull().check(sql`iv_type in (1, 2)`))
    .addColumn('title_type', 'varchar(8)', (c) => c.notNull().check(sql`title_type in ('personal', 'company')`))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tax_number', 'varchar(32)')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('number', 'varchar(40)')
    .addColumn('requests', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`requests >= 1`),
    )
    .addColumn('requested_at', TIME, time)
    .addColumn('issued_at', TIME)
    .addColumn('failed_at', TIME)
    .addColumn('fail_reason', 'varchar(200)')
    .addColumn('updated_at', TIME, time)
    // An issued invoice always has its number and date.
    .addCheckConstraint(
      'invoices_issued_complete',
      sql`state <> 'billing_success' OR (number IS NOT NULL AND issued_at IS NOT NULL)`,
    )
    .addCheckConstraint('invoices_company_tax_number', sql`title_type <> 'company' OR tax_number IS NOT NULL`)
    .execute();
  await db.schema.createIndex('invoices_number_unique').on('invoices').column('number').unique().execute();
  await db.schema.createIndex('invoices_state').on('invoices').columns(['state', 'requested_at']).execute();

  // One record per user and product (spec 01 §3). Personal expiries per platform; the team's
  // expiries live apart in group_exp / group_mobile_exp. Flags are 0/1 on both databases.
  const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(8)', (c) =>
      c.notNull().check(sql`product in ('max', 'mind', 'proj', 'math', 'hb', 'ppt')`),
    )
    .addColumn('type', 'varchar(8)', (c) => c.notNull().check(sql`type in ('version', 'subs', 'other')`))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('version', 'varchar(40)')
    .addColumn('order_type', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('order_no', 'varchar(40)')
    .addColumn('channel', 'varchar(16)', (c) =>
      c.check(sql`channel in ('online', 'app_store', 'lenovo_store', 'bank_transfer')`),
    )
    .addColumn('win_exp', TIME)
    .addColumn('mac_exp', TIME)
    .addColumn('linux_exp', TIME)
    .addColumn('online_exp', TIME)
    .addColumn('mobile_exp', TIME)
    .addColumn('ios_exp', TIME)
    .addColumn('android_exp', TIME)
    .addColumn('ppt_exp', TIME)
    .addColumn('group_name', 'varchar(100)')
    .addColumn('group_exp', TIME)
    .addColumn('group_mobile_exp', TIME)
    .addColumn('fuser', 'integer', (c) => c.notNull().defaultTo(0).check(flag('fuser')))
    .addColumn('is_99', 'integer', (c) => c.notNull().defaultTo(0).check(flag('is_99')))
    .addColumn('have_renew', 'integer', (c) => c.notNull().defaultTo(0).check(flag('have_renew')))
    .addColumn('upgrade_time', TIME)
    .addColumn('started_at', TIME)
    .addColumn('updated_at', TIME, time)
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'product'])
    .execute();

  await db.schema
    .createTable('storage_quotas')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('area', 'varchar(16)', (c) => c.notNull().check(sql`area in ('project', 'whiteboard', 'mindmap')`))
    .addColumn('max_bytes', 'bigint', (c) => c.notNull().check(sql`max_bytes >= 0`))
    .addColumn('used_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_bytes >= 0`),
    )
    .addColumn('updated_at', TIME, time)
    .addPrimaryKeyConstraint('storage_quotas_pk', ['user_id', 'area'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['storage_quotas', 'subscriptions', 'invoices', 'orders']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
