import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Teams of the diagram (`max`) and project (`proj`) products and their members (spec 02 §1,
// §3 "Team info", §6; docs/decisions/011). Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  // The owner is not a column: it is the member with role 1, so handing a team over later
  // changes member rows only.
  await withAutoId(db.schema.createTable('teams'), dialect)
    .addColumn('product', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(70)', (c) => c.notNull())
    .addColumn('member_limit', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint('teams_product', sql`product in ('max', 'proj')`)
    // Spec 02 §5, §9: at most 70. SQLite ignores varchar lengths; length() counts characters
    // on both databases.
    .addCheckConstraint('teams_name_length', sql`length(name) between 1 and 70`)
    .addCheckConstraint('teams_member_limit_range', sql`member_limit between 1 and 100000`)
    // The key members refer to, so that a member row's product is always its team's.
    .addUniqueConstraint('teams_id_product', ['id', 'product'])
    .execute();

  // Members are added under a lock of the team row, counted, and refused once `member_limit`
  // are in (teams.service.ts), so no counter can drift from the rows.
  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('product', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('joined_at', TIME, time)
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .addForeignKeyConstraint('team_members_team', ['team_id', 'product'], 'teams', ['id', 'product'], (fk) =>
      fk.onDelete('cascade'),
    )
    // Spec 02 §3, §6: 1 owner, 2 admin, 3 member.
    .addCheckConstraint('team_members_role', sql`role in (1, 2, 3)`)
    .execute();
  // Spec 02 §8, add-failed reasons 2 and 3: a person owns or belongs to one team of a product
  // at most. The user id leads, so the same index serves every look-up by person (the team
  // call, the closing trigger, the foreign key's cascade).
  await db.schema
    .createIndex('team_members_one_team')
    .on('team_members')
    .columns(['user_id', 'product'])
    .unique()
    .execute();
  // One owner per team.
  await db.schema
    .createIndex('team_members_one_owner')
    .on('team_members')
    .column('team_id')
    .unique()
    .where(sql.ref('role'), '=', 1)
    .execute();

  // Closing an account keeps its users row, anonymised (docs/decisions/007), so a foreign-key
  // cascade never fires. The database itself, the moment `closed_at` is set, deletes the teams
  // the account owns — only the owner renames, hands over and holds the plans, so such a team
  // could no longer be managed; its members go with it by the cascade — and then the account's
  // remaining memberships.
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION teams_leave_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM teams WHERE id IN (SELECT team_id FROM team_members WHERE user_id = NEW.id AND role = 1);
        DELETE FROM team_members WHERE user_id = NEW.id;
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER teams_leave_closed_account AFTER UPDATE OF closed_at ON users
      FOR EACH ROW WHEN (NEW.closed_at IS NOT NULL)
      EXECUTE FUNCTION teams_leave_closed_account()`.execute(db);
  } else {
    // Foreign-key actions run inside trigger bodies too (foreign_keys is on, db/database.ts):
    // deleting the team deletes its members.
    await sql`
      CREATE TRIGGER teams_leave_closed_account AFTER UPDATE OF closed_at ON users
      FOR EACH ROW WHEN NEW.closed_at IS NOT NULL
      BEGIN
        DELETE FROM teams WHERE id IN (SELECT team_id FROM team_members WHERE user_id = NEW.id AND role = 1);
        DELETE FROM team_members WHERE user_id = NEW.id;
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS teams_leave_closed_account ON users`.execute(db);
    await sql`DROP FUNCTION IF EXISTS teams_leave_closed_account()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS teams_leave_closed_account`.execute(db);
  }
  await db.schema.dropTable('team_members').ifExists().execute();
  await db.schema.dropTable('teams').ifExists().execute();
}
