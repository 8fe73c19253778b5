import { type Kysely, sql } from 'kysely';
import { dialectOf } from './helpers.js';

// Coupons for the checkout's plans (issue 17, docs/decisions/037): a coupon's product type may be
// `plan` as well as `template`. SQLite cannot change a CHECK constraint, so there the table is
// built again with the new one and its rows copied (nothing references it by foreign key). Never
// edit once landed: add a new migration instead.

const COLUMNS =
  'id, type, product, product_type, value, currency, min_spend, info, valid_days, valid_until, created_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE coupons DROP CONSTRAINT coupons_product_type`.execute(db);
    await sql`ALTER TABLE coupons ADD CONSTRAINT coupons_product_type CHECK (product_type in ('template', 'plan'))`.execute(
      db,
    );
    return;
  }
  await sql`
    CREATE TABLE coupons_new (
      id integer PRIMARY KEY AUTOINCREMENT,
      type integer NOT NULL,
      product varchar(8) NOT NULL,
      product_type varchar(16) NOT NULL,
      value integer NOT NULL,
      currency varchar(3) NOT NULL,
      min_spend integer DEFAULT 0 NOT NULL,
      info varchar(200) NOT NULL,
      valid_days integer,
      valid_until bigint,
      created_at bigint NOT NULL,
      CONSTRAINT coupons_type CHECK (type in (1, 2, 15)),
      CONSTRAINT coupons_product CHECK (product in ('max', 'mind', 'all')),
      CONSTRAINT coupons_product_type CHECK (product_type in ('template', 'plan')),
      CONSTRAINT coupons_currency CHECK (currency in ('CNY', 'USD')),
      CONSTRAINT coupons_value CHECK (value >= 1 and (type <> 2 or value <= 99)),
      CONSTRAINT coupons_min_spend CHECK (min_spend >= 0),
      CONSTRAINT coupons_valid_days CHECK (valid_days is null or valid_days between 1 and 36500),
      CONSTRAINT coupons_info CHECK (length(info) between 1 and 200)
    )`.execute(db);
  await sql.raw(`INSERT INTO coupons_new (${COLUMNS}) SELECT ${COLUMNS} FROM coupons`).execute(db);
  await sql`DROP TABLE coupons`.execute(db);
  await sql`ALTER TABLE coupons_new RENAME TO coupons`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM coupons WHERE product_type = 'plan'`.execute(db);
}
