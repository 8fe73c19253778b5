import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time } from './helpers.js';

// Every licence comes from a grant (docs/decisions/022, "Licences"). Never edit once landed:
// add a new migration instead.
//
// - `licence_grants`: what one licence grant gave — the ends it sets per platform and the
//   record's attributes it brings (a plan's name, type, order, channel, renewal…). Null: this
//   grant does not set that column. One row per grant of kind `licence`.
// - `subscriptions.grant_id`: the grant whose attributes the record shows now. Not null: no
//   licence record exists without a grant behind it. The record is a projection of its live
//   licence grants, rebuilt by the grants module whenever one is given or taken back.
// - Records that existed before are given one operator grant each, `before-grants:<user>:<product>`,
//   carrying exactly what the record holds, so nothing anyone holds changes.

const EXPIRY_COLUMNS = [
  'win_exp',
  'mac_exp',
  'linux_exp',
  'online_exp',
  'mobile_exp',
  'ios_exp',
  'android_exp',
  'ppt_exp',
  'group_exp',
  'group_mobile_exp',
] as const;
/** Columns a licence grant carries besides its ends, as in the `subscriptions` record. */
const ATTRIBUTE_COLUMNS = [
  'type',
  'name',
  'version',
  'order_type',
  'product_id',
  'order_no',
  'channel',
  'group_name',
  'fuser',
  'is_99',
  'have_renew',
  'upgrade_time',
  'started_at',
] as const;

const productCheck = sql`product in ('max', 'mind', 'proj', 'math', 'hb', 'ppt')`;
const typeCheck = sql`type in ('version', 'subs', 'other')`;
const channelCheck = sql`channel in ('online', 'app_store', 'lenovo_store', 'bank_transfer')`;
const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;

/** The `subscriptions` table as it is from now on: as before, with the grant behind it. */
function subscriptionsTable<T extends string>(table: CreateTableBuilder<T, never>) {
  let builder = table
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(8)', (c) => c.notNull().check(productCheck))
    .addColumn('type', 'varchar(8)', (c) => c.notNull().check(typeCheck))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('version', 'varchar(40)')
    .addColumn('order_type', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('order_no', 'varchar(40)')
    .addColumn('channel', 'varchar(16)', (c) => c.check(channelCheck));
  for (const column of EXPIRY_COLUMNS.slice(0, 8)) builder = builder.addColumn(column, TIME);
  return builder
    .addColumn('group_name', 'varchar(100)')
    .addColumn('group_exp', TIME)
    .addColumn('group_mobile_exp', TIME)
    .addColumn('fuser', 'integer', (c) => c.notNull().defaultTo(0).check(flag('fuser')))
    .addColumn('is_99', 'integer', (c) => c.notNull().defaultTo(0).check(flag('is_99')))
    .addColumn('have_renew', 'integer', (c) => c.notNull().defaultTo(0).check(flag('have_renew')))
    .addColumn('upgrade_time', TIME)
    .addColumn('started_at', TIME)
    .addColumn('updated_at', TIME, time)
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('grants.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'product']);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  let licenceGrants = db.schema
    .createTable('licence_grants')
    .addColumn('grant_id', 'integer', (c) => c.primaryKey().references('grants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'varchar(8)', (c) => c.notNull().check(productCheck))
    .addColumn('type', 'varchar(8)', (c) => c.check(typeCheck))
    .addColumn('name', 'varchar(200)')
    .addColumn('version', 'varchar(40)')
    .addColumn('order_type', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('order_no', 'varchar(40)')
    .addColumn('channel', 'varchar(16)', (c) => c.check(channelCheck));
  for (const column of EXPIRY_COLUMNS) licenceGrants = licenceGrants.addColumn(column, TIME);
  await licenceGrants
    .addColumn('group_name', 'varchar(100)')
    .addColumn('fuser', 'integer', (c) => c.check(flag('fuser')))
    .addColumn('is_99', 'integer', (c) => c.check(flag('is_99')))
    .addColumn('have_renew', 'integer', (c) => c.check(flag('have_renew')))
    .addColumn('upgrade_time', TIME)
    .addColumn('started_at', TIME)
    // A licence grant that ends nothing gives nothing.
    .addCheckConstraint(
      'licence_grants_some_end',
      sql`coalesce(${sql.join(EXPIRY_COLUMNS.map((c) => sql.ref(c)))}) is not null`,
    )
    .execute();
  // Rebuilding a record reads the grants of one person's product.
  await db.schema
    .createIndex('licence_grants_by_product')
    .on('licence_grants')
    .columns(['user_id', 'product'])
    .execute();

  // One grant for each record held before: what it holds, from the operator, now.
  const existing = await sql<Record<string, number | string | null>>`SELECT * FROM subscriptions`.execute(db);
  for (const row of existing.rows) {
    const ends = EXPIRY_COLUMNS.map((c) => row[c]).filter((v): v is number => typeof v === 'number' && v > 0);
    const latest = ends.length > 0 ? Math.max(...ends) : null;
    const inserted = await sql<{ id: number }>`
      INSERT INTO grants (user_id, kind, item, source_kind, source_id, reason, granted_at, expires_at)
      VALUES (${row.user_id}, 'licence', ${row.product}, 'operator',
        ${`before-grants:${row.user_id}:${row.product}`}, 'licence held before grants', ${row.updated_at},
        ${latest !== null && latest < FOREVER_THRESHOLD ? latest : null})
      RETURNING id`.execute(db);
    const grantId = inserted.rows[0]?.id;
    const columns = ['user_id', 'product', ...EXPIRY_COLUMNS, ...ATTRIBUTE_COLUMNS];
    await sql`
      INSERT INTO licence_grants (grant_id, ${sql.join(columns.map((c) => sql.ref(c)))})
      VALUES (${grantId}, ${sql.join(columns.map((c) => row[c] ?? null))})`.execute(db);
  }

  const grantOf = sql`(SELECT g.id FROM grants g WHERE g.kind = 'licence' AND g.source_kind = 'operator'
    AND g.source_id = 'before-grants:' || CAST(s.user_id AS varchar(20)) || ':' || s.product)`;
  if (dialect === 'postgres') {
    await db.schema.alterTable('subscriptions').addColumn('grant_id', 'integer').execute();
    await sql`UPDATE subscriptions s SET grant_id = ${grantOf}`.execute(db);
    await sql`ALTER TABLE subscriptions ALTER COLUMN grant_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_grant
      FOREIGN KEY (grant_id) REFERENCES grants(id) ON DELETE CASCADE`.execute(db);
  } else {
    // SQLite adds no NOT NULL column with a reference to an existing table: build it anew.
    await subscriptionsTable(db.schema.createTable('subscriptions_next')).execute();
    await sql`INSERT INTO subscriptions_next SELECT s.*, ${grantOf} FROM subscriptions s`.execute(db);
    await db.schema.dropTable('subscriptions').execute();
    await db.schema.alterTable('subscriptions_next').renameTo('subscriptions').execute();
  }
}

/** Expiries past this moment are forever (spec 01 §4); the contract's FOREVER_THRESHOLD. */
const FOREVER_THRESHOLD = Date.UTC(2119, 0, 1) / 1000;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE subscriptions DROP COLUMN grant_id`.execute(db);
  } else {
    // SQLite drops no column that holds a reference: keep the record's columns, without the grant.
    await sql`CREATE TABLE subscriptions_before AS SELECT * FROM subscriptions`.execute(db);
    await db.schema.dropTable('subscriptions').execute();
    await sql`ALTER TABLE subscriptions_before DROP COLUMN grant_id`.execute(db);
    await db.schema.alterTable('subscriptions_before').renameTo('subscriptions').execute();
  }
  await db.schema.dropTable('licence_grants').ifExists().execute();
}
