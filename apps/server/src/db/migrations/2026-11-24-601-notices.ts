import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Messages (issue 15, docs/decisions/031): a notice is one row whoever it is for — named accounts,
// everyone, a region's accounts or a language's — and each person's reading of it is a row of
// their own. Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('notices'), dialect)
    .addColumn('audience', 'varchar(8)', (c) => c.notNull())
    // The region or the language of a region or language notice; null otherwise.
    .addColumn('audience_value', 'varchar(16)')
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    // Sanitised HTML (paragraphs, bold, line breaks, http(s) links), as written.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('withdrawn_at', TIME)
    .addCheckConstraint('notices_audience', sql`audience in ('users', 'all', 'region', 'language')`)
    .addCheckConstraint(
      'notices_audience_value',
      sql`(audience in ('region', 'language')) = (audience_value is not null)`,
    )
    .addCheckConstraint('notices_type', sql`type in ('system', 'other')`)
    .execute();
  // A person's broadcasts are found by audience and time.
  await db.schema
    .createIndex('notices_by_audience')
    .on('notices')
    .columns(['audience', 'audience_value', 'created_at'])
    .execute();

  // Who a notice to named accounts is for: one row per account.
  await db.schema
    .createTable('notice_recipients')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('notice_recipients_pk', ['user_id', 'notice_id'])
    .execute();

  // Who has read what: a row once a person has read a notice, whoever it was for.
  await db.schema
    .createTable('notice_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('read_at', TIME, time)
    .addPrimaryKeyConstraint('notice_reads_pk', ['user_id', 'notice_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_reads').ifExists().execute();
  await db.schema.dropTable('notice_recipients').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
}
