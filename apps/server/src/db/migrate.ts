import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import { dialectOf } from './migrations/helpers.js';
import { migrations } from './migrations/index.js';

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest<T>(database: Kysely<T>): Promise<MigrationResultSet> {
  // The migrator works on any database; the app's table types do not matter to it.
  const db = database as unknown as Kysely<unknown>;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On PostgreSQL the migrator looks for its bookkeeping tables in every schema unless told
    // where they live, so a database holding several schemas (tests, tenants) would find another
    // schema's lock table and skip creating its own. Pin them to the connection's own schema.
    ...(dialectOf(db) === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`, { cause: result.error });
  }
  return result;
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema for the migration tables');
  return schema;
}
