import {
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  Migrator,
  sql,
  type TableMetadata,
} from 'kysely';
import { dialectOf } from './migrations/helpers.js';
import { migrations } from './migrations/index.js';

/**
 * A migrator of `steps` (every migration unless told) for `database`. On PostgreSQL the migrator
 * looks for its bookkeeping tables in every schema unless told where they live, so a database
 * holding several schemas (tests, tenants) would find another schema's lock table and skip
 * creating its own. They are pinned to the connection's own schema, and the migrator sees that
 * schema only (seeingOnly). Tests of one migration step through a shorter list with it.
 */
export async function migratorFor<T>(
  database: Kysely<T>,
  steps: Record<string, Migration> = migrations,
): Promise<Migrator> {
  // The migrator works on any database; the app's table types do not matter to it.
  const db = database as unknown as Kysely<unknown>;
  const schema = dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined;
  return new Migrator({
    db: schema === undefined ? db : seeingOnly(db, schema),
    provider: { getMigrations: async () => steps },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest<T>(database: Kysely<T>): Promise<MigrationResultSet> {
  const result = await (await migratorFor(database)).migrateToLatest();
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

/**
 * `db` with its introspection limited to one PostgreSQL schema. Kysely's own reads the columns of
 * every schema of the database, looking each schema up by name as it goes: a schema dropped
 * meanwhile by another process (a test file ending beside this one) fails the whole scan with
 * "schema … does not exist". The migrator asks only whether its schema and its two tables exist,
 * so here the tables of that one schema are read, by the schema's oid; their columns are not
 * needed and not read. Everything else is `db`'s own.
 */
function seeingOnly(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
  // Kysely keeps its state in private fields, so its methods run bound to the real instance.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
