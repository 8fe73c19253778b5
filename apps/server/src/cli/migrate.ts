import { sql } from 'kysely';
import { redactUrl } from '../config.js';
import { loadConfigOrExit } from '../load-config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema and prints
 * `{"migrated": [names…]}` (empty when it was already current). Safe to run beside running
 * instances and from several at once: Kysely's migrator holds a lock while it works.
 * Exit codes: 0 done, 1 migration or connection failure, 2 bad configuration.
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit();

  const where = redactUrl(config.databaseUrl);
  let database;
  try {
    database = await openDatabase(config.databaseUrl);
  } catch (error) {
    console.error(`Cannot open the database ${where}: ${messageOf(error)}`);
    return 1;
  }
  try {
    // A pool connects lazily: ask once, so an unreachable server is reported as such.
    await sql`select 1`.execute(database.db);
  } catch (error) {
    await database.close();
    console.error(`Cannot reach the database ${where}: ${messageOf(error)}`);
    return 1;
  }
  try {
    const result = await migrateToLatest(database.db);
    const migrated = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    console.log(JSON.stringify({ migrated }));
    return 0;
  } catch (error) {
    console.error(`Migrating ${where} failed: ${messageOf(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join('; ');
  return error instanceof Error ? error.message : String(error);
}

process.exitCode = await main();
