import { type Kysely, type RawBuilder, sql } from 'kysely';
import { recogniseStoredSentence } from './2026-12-02-914-stored-sentences.js';
import { type Dialect, dialectOf } from './helpers.js';

// Texts in the reader's language (docs/decisions/058). A message the product writes keeps its
// kind and values, and is written out in the language of whoever reads it, when they read it; an
// operator's notice, course name, coupon description or income title may be given in several
// languages, kept beside the text as a JSON object of language → text. The sandbox's pay page
// keeps the language of the checkout that opened it. Never edit once landed: add a new
// migration instead.

const LANGUAGES = sql.raw(`'zh', 'tw', 'en', 'de', 'es', 'fr', 'id', 'it', 'jp', 'kr', 'pt', 'ru'`);

/** A column holding a JSON object or nothing, refused otherwise by either database. */
function jsonObject(dialect: Dialect, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql`${ref} is null or jsonb_typeof(${ref}::jsonb) = 'object'`
    : sql`${ref} is null or json_type(${ref}) = 'object'`;
}

const translated = [
  ['notices', 'content_translations'],
  ['courses', 'name_translations'],
  ['coupons', 'info_translations'],
  ['income_entries', 'title_translations'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  for (const [table, column] of translated) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.check(jsonObject(dialect, column)))
      .execute();
  }
  // A product message: its kind (a key of the server's table of texts) and the values it fills in.
  await db.schema.alterTable('notices').addColumn('kind', 'varchar(40)').execute();
  await db.schema
    .alterTable('notices')
    .addColumn('params', 'text', (c) => c.check(jsonObject(dialect, 'params')))
    .execute();
  await db.schema
    .alterTable('sandbox_payments')
    .addColumn('language', 'varchar(2)', (c) => c.check(sql`language is null or language in (${LANGUAGES})`))
    .execute();
  await recogniseStoredMessages(db);
}

/**
 * The product's messages written before messages kept their kind: those whose sentence is one of
 * today's texts, in any language, with only names and numbers of orders filled in, become their
 * kind and values. The others (dates and amounts written out, or a wording no longer used) keep
 * their sentence.
 */
export async function recogniseStoredMessages(db: Kysely<unknown>): Promise<void> {
  const db_ = db as Kysely<Record<string, Record<string, unknown>>>;
  let after = 0;
  for (;;) {
    const rows = (await db_
      .selectFrom('notices')
      .select(['id', 'content'])
      .where('audience', '=', 'users')
      .where('type', '=', 'system')
      .where('kind', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()) as { id: number; content: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const known = recogniseStoredSentence(row.content);
      if (known)
        await db_
          .updateTable('notices')
          .set({ kind: known.kind, params: JSON.stringify(known.params) })
          .where('id', '=', row.id)
          .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_payments').dropColumn('language').execute();
  await db.schema.alterTable('notices').dropColumn('params').execute();
  await db.schema.alterTable('notices').dropColumn('kind').execute();
  for (const [table, column] of [...translated].reverse()) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
