import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Mind-map companies and their members (spec 02 §1, §3 "Enterprise (mind-map)" and
// "Enterprise member"; docs/decisions/010). Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  // `exp` is the end of a time-limited company (type 9) and absent for a lifelong one (type 8).
  // `creator` records who created it; the current creator is the member with role 2.
  await withAutoId(db.schema.createTable('companies'), dialect)
    .addColumn('company_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('exp', TIME)
    .addColumn('creator', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', TIME, time)
    .addColumn('updated_at', TIME, time)
    // SQLite ignores varchar lengths; length() counts characters on both databases.
    .addCheckConstraint('companies_name_length', sql`length(company_name) between 1 and 20`)
    .addCheckConstraint('companies_num_range', sql`num between 1 and 100000`)
    .addCheckConstraint('companies_type_exp', sql`(type = 8 and exp is null) or (type = 9 and exp is not null)`)
    .execute();

  // Seats: members are added under a lock of the company row, counted, and refused once
  // `num` are taken (companies.service.ts), so no counter can drift from the rows.
  await db.schema
    .createTable('company_members')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('joined_at', TIME, time)
    .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'user_id'])
    // Spec 02 §1: 2 creator, 1 admin, 0 member (3, the spec's other member value, is not stored).
    .addCheckConstraint('company_members_role', sql`role in (0, 1, 2)`)
    .execute();
  // Spec 02 §8 "The user belongs to another enterprise": a person is in one company at most.
  await db.schema.createIndex('company_members_one_company').on('company_members').column('user_id').unique().execute();
  // One creator per company.
  await db.schema
    .createIndex('company_members_one_creator')
    .on('company_members')
    .column('company_id')
    .unique()
    .where(sql.ref('role'), '=', 2)
    .execute();

  // Closing an account keeps its users row, anonymised (docs/decisions/007), so a foreign-key
  // cascade never fires: the database itself takes a closed account out of its company, the
  // moment `closed_at` is set, whichever code closes it.
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION company_members_leave_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM company_members WHERE user_id = NEW.id;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER company_members_leave_closed_account AFTER UPDATE OF closed_at ON users
      FOR EACH ROW WHEN (NEW.closed_at IS NOT NULL)
      EXECUTE FUNCTION company_members_leave_closed_account()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER company_members_leave_closed_account AFTER UPDATE OF closed_at ON users
      FOR EACH ROW WHEN NEW.closed_at IS NOT NULL
      BEGIN
        DELETE FROM company_members WHERE user_id = NEW.id;
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS company_members_leave_closed_account ON users`.execute(db);
    await sql`DROP FUNCTION IF EXISTS company_members_leave_closed_account()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS company_members_leave_closed_account`.execute(db);
  }
  await db.schema.dropTable('company_members').ifExists().execute();
  await db.schema.dropTable('companies').ifExists().execute();
}
