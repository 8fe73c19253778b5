import { type Kysely, sql } from 'kysely';
import { dialectOf } from './helpers.js';

// A template bought with template credit may keep its title in several languages besides the one
// it was bought under (`work_title_translations`, a JSON object of language → title), read in the
// language of whoever looks at the purchases, as an operator's texts are (docs/decisions/058).
// The demo's purchases are written so; the template community still sends one title. Never edit
// once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const column = sql.ref('work_title_translations');
  // Refused by either database unless a JSON object, as migration 914's columns.
  const object =
    dialectOf(db) === 'postgres'
      ? sql`${column} is null or jsonb_typeof(${column}::jsonb) = 'object'`
      : sql`${column} is null or json_type(${column}) = 'object'`;
  await db.schema
    .alterTable('template_credit_spends')
    .addColumn('work_title_translations', 'text', (c) => c.check(object))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('template_credit_spends').dropColumn('work_title_translations').execute();
}
