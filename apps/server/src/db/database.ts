import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Driver, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import { readHotQueriesWith } from './hot-query.js';
import { GroupCommitSqliteDriver, type SqliteStatements } from './sqlite-group-commit.js';
import type { Database, Db } from './db.js';
import type { Dialect } from './migrations/helpers.js';

export type { Db, Dialect };

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * SQLite only: a number that changes when another connection — another process, such as the
   * operator CLI — has committed to the file since the last call (`PRAGMA data_version`; this
   * connection's own commits leave it). Reading it touches shared memory, not the disk.
   */
  dataVersion?: () => number;
}

export interface DatabaseOptions {
  /** PostgreSQL only: work inside this schema (created when missing); tests use one each. */
  schema?: string;
  /** PostgreSQL pool size per instance. */
  poolSize?: number;
}

// PostgreSQL bigint (int8) columns hold unix seconds and counters well inside 2^53: read
// them as numbers, as SQLite does, so services see one shape on both databases.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens the database a `DATABASE_URL` names: `sqlite:<file>` or `postgres://…`. */
export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') keepPrivate(file);
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL makes every commit durable on power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // How long a statement, or a transaction's BEGIN IMMEDIATE, waits for another process's
  // write lock (the operator CLI beside the server, a second instance) before giving up.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const reader = file === ':memory:' ? null : openSqliteReader(file);
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(withStatementCache(sqlite), reader?.statements ?? null),
  });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  if (reader) readHotQueriesWith(db, reader.read);
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      reader?.close();
      await db.destroy();
    },
    dataVersion: () => dataVersion.get() as number,
  };
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Read and write for the server's own user only, as data/secret.key is. */
export const PRIVATE_FILE_MODE = 0o600;
/** A directory the server makes for its data: entered and listed by its own user only. */
export const PRIVATE_DIRECTORY_MODE = 0o700;

/**
 * The SQLite file holds every account (addresses, password hashes, tokens' digests, identity
 * numbers sealed with the secret): it is made readable by the server's user only before SQLite
 * opens it, since SQLite would make it with the process's umask (0644, readable by every user
 * of the machine). SQLite gives its `-wal` and `-shm` files the database file's own mode, so
 * making the file first covers them. A file an earlier version made is tightened, with its
 * companions; one the server does not own (chmod refused) is left as its owner set it.
 */
function keepPrivate(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(part).mode & 0o077) !== 0) fs.chmodSync(part, PRIVATE_FILE_MODE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw error;
    }
  }
}

/**
 * The read-only connection of the hot queries (db/hot-query.ts): the token lookup and the
 * profile read run on it synchronously, without queueing behind the writer connection's
 * transactions. In WAL mode each statement reads the last committed state, as a query queued
 * after a transaction would. The driver also reads here outside any transaction while a group
 * commit is open (decision 045), so such a read never sees writes that are not yet durable.
 */
function openSqliteReader(file: string) {
  const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  reader.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const statements = withStatementCache(reader);
  return {
    statements,
    read: ({ sql }: { sql: string }, parameters: readonly unknown[]) => statements.prepare(sql).all(...parameters),
    close: () => reader.close(),
  };
}

/**
 * Kysely's SQLite dialect with our driver (db/sqlite-group-commit.ts): write transactions begin
 * IMMEDIATE (decision 014) and share their COMMITs (decision 045).
 */
class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly statements: SqliteStatements,
    private readonly committed: Pick<SqliteStatements, 'prepare'> | null,
  ) {
    // The database is given to the driver below; Kysely's own driver is never made.
    super({ database: {} as SqliteDialectConfig['database'] });
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.statements, this.committed);
  }
}

/** How many distinct SQL texts keep their prepared statement. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small indexed
 * query on SQLite. Queries come from a fixed set of builders, so their SQL texts repeat: keep
 * the prepared statements, least recently used out first. better-sqlite3 runs a statement to
 * completion synchronously, so one statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare: (text: string) => {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A schema of its own is how tests (and the bench) share one database. Catalog queries
    // there (the migrator's introspection) can be planned in parallel once many schemas exist,
    // and a parallel worker then fails to find a schema created moments before ("schema …
    // does not exist", where: parallel worker). These small queries gain nothing from
    // parallel workers, so such pools do without.
    ...(schema ? { options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // As a bare `pg` caller would: a named statement is parsed and planned once per connection.
  readHotQueriesWith(db, async ({ name, sql }, parameters) => {
    const result = await pool.query({ name, text: sql, values: [...parameters] });
    return result.rows;
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
