import { type Kysely, sql } from 'kysely';
import { dialectOf } from './helpers.js';

// Company spaces (spec 02 §2 "Enterprise page", docs/decisions/038). Never edit once landed: add
// a new migration instead.
//
// - A person may create or administer several companies; a plain member belongs to one company
//   and holds no role in another. The one-company unique index goes; a trigger refuses a
//   membership row that would break the new rule, and the services lock the person's users row
//   before any membership change, so two changes for one person never pass it together.
// - `companies.code_id`: the company code that created the company, once (err_type 2 finds it).
// - `checkouts.company_id` / `company_change`: the company a business payment made or grew, and
//   whether it bought time or seats for an existing company.

/** The trigger's message; the companies service turns it into `member already exist other company`. */
export const OTHER_COMPANY_MARKER = 'company_members_other_company';

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.dropIndex('company_members_one_company').execute();
  await db.schema.createIndex('company_members_user').on('company_members').column('user_id').execute();

  // A row breaks the rule when the same person has a row in another company and either of the
  // two is a plain membership (role 0).
  const conflict = (newRow: string) =>
    sql.raw(`
    EXISTS (SELECT 1 FROM company_members other
            WHERE other.user_id = ${newRow}.user_id AND other.company_id <> ${newRow}.company_id
              AND (${newRow}.role = 0 OR other.role = 0))`);
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION company_members_one_plain_membership() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${conflict('NEW')} THEN
          RAISE EXCEPTION '${sql.raw(OTHER_COMPANY_MARKER)}';
        END IF;
        RETURN NEW;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER company_members_one_plain_membership BEFORE INSERT OR UPDATE OF role, user_id, company_id
      ON company_members FOR EACH ROW EXECUTE FUNCTION company_members_one_plain_membership()`.execute(db);
  } else {
    for (const event of ['INSERT', 'UPDATE OF role, user_id, company_id']) {
      const name =
        event === 'INSERT'
          ? 'company_members_one_plain_membership_insert'
          : 'company_members_one_plain_membership_update';
      await sql`
        CREATE TRIGGER ${sql.id(name)} BEFORE ${sql.raw(event)} ON company_members
        FOR EACH ROW WHEN ${conflict('NEW')}
        BEGIN
          SELECT RAISE(ABORT, '${sql.raw(OTHER_COMPANY_MARKER)}');
        END`.execute(db);
    }
  }

  await db.schema
    .alterTable('companies')
    .addColumn('code_id', 'integer', (c) => c.references('redeem_codes.id'))
    .execute();
  await db.schema.createIndex('companies_code').on('companies').column('code_id').unique().execute();

  await db.schema
    .alterTable('checkouts')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .execute();
  await db.schema
    .alterTable('checkouts')
    .addColumn('company_change', 'varchar(8)', (c) => c.check(sql`company_change in ('time', 'seats')`))
    .execute();
  await db.schema.createIndex('checkouts_company').on('checkouts').columns(['company_id', 'paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.dropIndex('checkouts_company').execute();
  await db.schema.alterTable('checkouts').dropColumn('company_change').execute();
  await db.schema.alterTable('checkouts').dropColumn('company_id').execute();
  await db.schema.dropIndex('companies_code').execute();
  await db.schema.alterTable('companies').dropColumn('code_id').execute();
  if (dialect === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS company_members_one_plain_membership ON company_members`.execute(db);
    await sql`DROP FUNCTION IF EXISTS company_members_one_plain_membership()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS company_members_one_plain_membership_insert`.execute(db);
    await sql`DROP TRIGGER IF EXISTS company_members_one_plain_membership_update`.execute(db);
  }
  await db.schema.dropIndex('company_members_user').execute();
  await db.schema.createIndex('company_members_one_company').on('company_members').column('user_id').unique().execute();
}
