import { type Kysely, sql } from 'kysely';
import { TIME, time } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One tag per header position and region; `all` applies where a region has none of its own.
  await db.schema
    .createTable('activity_tags')
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 1`))
    .addColumn('region', 'varchar(16)', (c) => c.notNull().check(sql`region in ('domestic', 'overseas', 'all')`))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('starts_at', TIME)
    .addColumn('ends_at', TIME)
    .addColumn('updated_at', TIME, time)
    .addPrimaryKeyConstraint('activity_tags_pk', ['position', 'region'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_tags').ifExists().execute();
}
