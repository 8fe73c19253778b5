import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { ServiceName } from '@account-centre/contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import type { Config } from '../../src/modules/settings.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';

export interface TestDialect {
  name: 'sqlite' | 'postgres';
  open(): Promise<{ database: DatabaseHandle; drop(): Promise<void>; openAgain(): Promise<DatabaseHandle> }>;
  /** A fresh, empty database as a `DATABASE_URL`, for a server or CLI run as its own process. */
  freshUrl(): Promise<{ url: string; drop(): Promise<void> }>;
}

const sqlite: TestDialect = {
  name: 'sqlite',
  async open() {
    const { url, drop } = await sqlite.freshUrl();
    return { database: await openDatabase(url), drop, openAgain: () => openDatabase(url) };
  },
  async freshUrl() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-test-'));
    return {
      url: `sqlite:${path.join(dir, 'test.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/** A schema name no other test app uses. */
const freshSchema = () => `t_${randomBytes(6).toString('hex')}`;

/** One statement on a connection of its own. */
async function runOnce(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgres(url: string): TestDialect {
  return {
    name: 'postgres',
    async open() {
      // One schema per test app, so test files never see each other's rows.
      const schema = freshSchema();
      const database = await openDatabase(url, { schema, poolSize: 20 });
      return {
        database,
        openAgain: () => openDatabase(url, { schema, poolSize: 20 }),
        drop: async () => {
          const { sql } = await import('kysely');
          await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(database.db);
        },
      };
    },
    async freshUrl() {
      // Another process gets the schema through the URL: libpq's `options` sets its search_path.
      const schema = freshSchema();
      await runOnce(url, `CREATE SCHEMA ${schema}`);
      const withSchema = new URL(url);
      withSchema.searchParams.set('options', `-c search_path=${schema} -c max_parallel_workers_per_gather=0`);
      return {
        url: withSchema.toString(),
        drop: () => runOnce(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: TestDialect[] = [
  sqlite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
  /**
   * Another instance of the server on the same database through connections of its own, as a
   * second process behind a load balancer would be (same clock); closed with this one.
   */
  anotherInstance(env?: Record<string, string>): Promise<FastifyInstance>;
}

/** The keys the test app knows each service by (`SERVICE_KEYS`). */
export const TEST_SERVICE_KEYS: Record<ServiceName, string> = {
  products: 'test-service-key-of-the-products-0001',
  templates: 'test-service-key-of-the-templates-002',
  orders: 'test-service-key-of-the-order-system-3',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    DEV_TOOLS: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests run the sweep of expired points themselves, at the clock's time they choose.
    POINTS_SWEEP_SECONDS: '0',
    TOKEN_SWEEP_SECONDS: '0',
    SERVICE_KEYS: Object.entries(TEST_SERVICE_KEYS)
      .map(([name, key]) => `${name}=${key}`)
      .join(','),
    WEB_DIST: path.join(os.tmpdir(), 'account-centre-no-web-build'),
    // High enough that API tests never trip the global per-IP ceiling unless they mean to.
    RATE_LIMIT_MAX: '100000',
    // Thousands of passwords are hashed in a run; production's cost is checked in passwords.test.ts.
    // (An app built as production, to test production's behaviour, keeps production's cost.)
    ...(env.NODE_ENV === undefined || env.NODE_ENV === 'test' ? { PASSWORD_HASH_COST: 'minimal' } : {}),
    ...env,
  });
}

/**
 * A fresh app on a fresh database of the dialect, with a clock the test controls. Silent unless
 * the test passes a logger (e.g. `errorLog()` to read what the app logs as errors).
 */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    /** Routes only the test has (a route of a kind no module offers yet), added after the modules'. */
    routes?: (app: FastifyInstance) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const { database, drop, openAgain } = await dialect.open();
  const clock = new ManualClock(1_790_000_000);
  const config = testConfig(env);
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  if (options.routes) await app.register(options.routes);
  await app.ready();
  const others: { app: FastifyInstance; database: DatabaseHandle }[] = [];
  return {
    app,
    clock,
    config,
    anotherInstance: async (otherEnv = env) => {
      const otherDatabase = await openAgain();
      const other = await buildApp({ config: testConfig(otherEnv), database: otherDatabase, clock, logger: false });
      others.push({ app: other, database: otherDatabase });
      await other.ready();
      return other;
    },
    close: async () => {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await app.close();
      await drop();
      await database.close();
    },
  };
}

/**
 * The app a `describe` block shares: opened before its first test and closed after its last.
 * The handle is there at once, when the block is collected, and reads the app when a hook or a
 * test uses it; hooks the block adds after this one run once the app is open.
 */
export function suiteApp(open: () => Promise<TestApp>): TestApp {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => opened?.close());
  const current = (): TestApp => {
    if (!opened) throw new Error('the test app opens in beforeAll: use it in a hook or a test');
    return opened;
  };
  return {
    get app() {
      return current().app;
    },
    get clock() {
      return current().clock;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
    anotherInstance: (env) => current().anotherInstance(env),
  };
}

/** `createTestApp` for the tests of a `describe` block (see `suiteApp`). */
export const suiteTestApp = (...args: Parameters<typeof createTestApp>): TestApp =>
  suiteApp(() => createTestApp(...args));

/**
 * A block of tests run once on each dialect, with an app of its own on each (`suiteTestApp`);
 * `$name` in the block's name is the dialect's.
 */
export function describeOnEachDialect(name: string, tests: (t: TestApp, dialect: TestDialect) => void): void {
  describe.each(dialects)(name, (dialect) => tests(suiteTestApp(dialect), dialect));
}

/**
 * Sets the clock back before each test to the time it showed when the block began, so every test
 * starts on the same day whichever ran before it and however far it moved the clock.
 */
export function sameStartForEachTest(t: TestApp): void {
  let start: number;
  beforeAll(() => {
    start = t.clock.now();
  });
  beforeEach(() => t.clock.set(start));
}

/**
 * A logger that keeps the app's error-level lines (as parsed JSON) instead of printing them,
 * so a test can tell that nothing went to the log as an unhandled error.
 */
export function errorLog(): { logger: FastifyServerOptions['logger']; lines: Array<{ msg?: string; err?: unknown }> } {
  const lines: Array<{ msg?: string; err?: unknown }> = [];
  return {
    logger: { level: 'error', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    lines,
  };
}
