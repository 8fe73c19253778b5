import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Team plans and their seats (issue 16, spec 02 §3 "Team plan", §4 authorization; decision
// 035). Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('team_plans'), dialect)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    // 61 one year, 62 lifetime, 63 three years, 70–74 trials, 305 and 306 limited platform.
    .addColumn('type', 'integer', (c) => c.notNull())
    // Seats: how many members the plan can authorize.
    .addColumn('max_num', 'integer', (c) => c.notNull())
    // Seats taken. Kept by the triggers below from the seat rows, whoever inserts or deletes
    // them (a cascade included); the check makes the database refuse a seat beyond max_num.
    .addColumn('plan_num', 'integer', (c) => c.notNull().defaultTo(0))
    // Null: never expires.
    .addColumn('expire', TIME)
    // The `seats` grant the plan came from (an order, a code, an operator); kept when that
    // grant's holder closes their account, as the plan is the team's.
    .addColumn('grant_id', 'integer', (c) => c.references('grants.id').onDelete('set null'))
    .addColumn('created_at', TIME, time)
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint('team_plans_type', sql`type in (61, 62, 63, 70, 71, 72, 73, 74, 305, 306)`)
    .addCheckConstraint('team_plans_max_num', sql`max_num between 1 and 100000`)
    .addCheckConstraint('team_plans_seats', sql`plan_num between 0 and max_num`)
    .execute();
  await db.schema.createIndex('team_plans_by_team').on('team_plans').columns(['team_id', 'id']).execute();

  // An authorized member: one seat of one plan. Only a member of the plan's team holds one (the
  // foreign key to the membership), and leaving the team takes the seat with it.
  await db.schema
    .createTable('team_plan_seats')
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('team_plans.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // The member's licence grant this seat gives (the team part of their record).
    .addColumn('licence_grant_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addPrimaryKeyConstraint('team_plan_seats_pk', ['plan_id', 'user_id'])
    .addForeignKeyConstraint(
      'team_plan_seats_member',
      ['team_id', 'user_id'],
      'team_members',
      ['team_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('team_plan_seats_by_member')
    .on('team_plan_seats')
    .columns(['user_id', 'team_id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION team_plan_seats_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE team_plans SET plan_num = plan_num + 1 WHERE id = NEW.plan_id;
          RETURN NEW;
        END IF;
        UPDATE team_plans SET plan_num = plan_num - 1 WHERE id = OLD.plan_id;
        RETURN OLD;
      END
      $$`.execute(db);
    await sql`
      CREATE TRIGGER team_plan_seats_count AFTER INSERT OR DELETE ON team_plan_seats
      FOR EACH ROW EXECUTE FUNCTION team_plan_seats_count()`.execute(db);
  } else {
    await sql`
      CREATE TRIGGER team_plan_seats_taken AFTER INSERT ON team_plan_seats
      BEGIN
        UPDATE team_plans SET plan_num = plan_num + 1 WHERE id = NEW.plan_id;
      END`.execute(db);
    await sql`
      CREATE TRIGGER team_plan_seats_freed AFTER DELETE ON team_plan_seats
      BEGIN
        UPDATE team_plans SET plan_num = plan_num - 1 WHERE id = OLD.plan_id;
      END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS team_plan_seats_count ON team_plan_seats`.execute(db);
    await sql`DROP FUNCTION IF EXISTS team_plan_seats_count()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS team_plan_seats_taken`.execute(db);
    await sql`DROP TRIGGER IF EXISTS team_plan_seats_freed`.execute(db);
  }
  await db.schema.dropTable('team_plan_seats').ifExists().execute();
  await db.schema.dropTable('team_plans').ifExists().execute();
}
