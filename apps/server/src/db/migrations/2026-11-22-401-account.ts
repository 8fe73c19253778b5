import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// The account screen (spec 01 §2, §4, §5): closed accounts, the second mobile, third-party
// sign-in identities and exchange codes. Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  // A closed account keeps an anonymised row because its orders are kept for accounting
  // (docs/decisions/007); closed_at marks it.
  await db.schema.alterTable('users').addColumn('closed_at', TIME).execute();
  // A second mobile verifies one account's identity only (spec 01 §2).
  await db.schema.createIndex('users_second_mobile_unique').on('users').column('second_mobile').unique().execute();

  // Third-party sign-in (spec 01 §5): one account per provider subject, one subject per
  // provider and account.
  await db.schema
    .createTable('identities')
    .addColumn('provider', 'varchar(16)', (c) =>
      c.notNull().check(sql`provider in ('weixin', 'qq', 'weibo', 'google', 'facebook')`),
    )
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, time)
    .addPrimaryKeyConstraint('identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('identities_user_provider')
    .on('identities')
    .columns(['user_id', 'provider'])
    .unique()
    .execute();

  // Exchange codes (spec 01 §2 form_name): filled by the operator, each handed to one user,
  // one per user and form. Unique (form_name, user_id) allows many unclaimed (NULL) rows on
  // both databases and refuses a second code for the same user and form.
  await withAutoId(db.schema.createTable('exchange_codes'), dialect)
    .addColumn('form_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', TIME)
    .addColumn('created_at', TIME, time)
    .execute();
  await db.schema
    .createIndex('exchange_codes_code')
    .on('exchange_codes')
    .columns(['form_name', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('exchange_codes_claim')
    .on('exchange_codes')
    .columns(['form_name', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exchange_codes').ifExists().execute();
  await db.schema.dropTable('identities').ifExists().execute();
  await db.schema.dropIndex('users_second_mobile_unique').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('closed_at').execute();
}
