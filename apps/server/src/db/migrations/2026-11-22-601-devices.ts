import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Device slots per user and product (spec 01 §2 "Devices screen", §4 device unbind, §9 device
// limits) and the password withdrawal of "this wasn't me" (docs/decisions/004). Never edit
// once landed: add a new migration instead.

const PRODUCTS = sql`('mind-map', 'diagram', 'project')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  // The counter of docs/architecture.md#invariants: activation takes a slot with
  // `UPDATE … SET used = used + 1 WHERE … AND used < slot_limit`, so `used` can never pass the
  // limit whatever the number of instances; unbinding gives it back in the same transaction
  // as the device row's delete. `slot_limit` is the membership's allowance (refreshed at each
  // new activation) unless an operator set `override_limit`.
  await db.schema
    .createTable('device_slots')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(16)', (c) => c.notNull().check(sql`product in ${PRODUCTS}`))
    .addColumn('used', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used >= 0`),
    )
    .addColumn('slot_limit', 'integer', (c) => c.notNull().check(sql`slot_limit >= 0`))
    .addColumn('override_limit', 'integer', (c) => c.check(sql`override_limit >= 0`))
    .addColumn('updated_at', TIME, time)
    .addPrimaryKeyConstraint('device_slots_pk', ['user_id', 'product'])
    .execute();

  await withAutoId(db.schema.createTable('devices'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(16)', (c) => c.notNull().check(sql`product in ${PRODUCTS}`))
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) =>
      c.notNull().check(sql`platform in ('desktop', 'pc', 'mac', 'android', 'ios', 'web')`),
    )
    .addColumn('activated_at', TIME, time)
    .addColumn('last_used_at', TIME, time)
    .execute();
  // A device already active takes no new slot: one row per user, product and device.
  await db.schema
    .createIndex('devices_user_product_device_unique')
    .on('devices')
    .columns(['user_id', 'product', 'device_id'])
    .unique()
    .execute();
  // "Sign out and unbind" and the sessions list find a device's rows across products.
  await db.schema.createIndex('devices_user_device').on('devices').columns(['user_id', 'device_id']).execute();
  // Unbinding ends the sessions of the device (docs/architecture.md#sign-in).
  await db.schema.createIndex('sessions_user_device').on('sessions').columns(['user_id', 'device_id']).execute();

  // "This wasn't me" withdrew the account's password: while the account has no password
  // again, password sign-in answers `password reset required`.
  await db.schema
    .createTable('password_withdrawals')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reported_event_id', 'integer')
    .addColumn('created_at', TIME, time)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_withdrawals').ifExists().execute();
  await db.schema.dropIndex('sessions_user_device').ifExists().execute();
  await db.schema.dropTable('devices').ifExists().execute();
  await db.schema.dropTable('device_slots').ifExists().execute();
}
