import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const allNames = Object.keys(migrations).sort();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run db:migrate`'s command as a process, with only the environment given. */
function migrate(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/migrate.ts'],
      {
        cwd: serverDir,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', SECRET_KEY: 'k'.repeat(40), ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run db:migrate', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-migrate-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates a new SQLite database to the latest schema and names each migration', async () => {
    const url = `sqlite:${path.join(dir, 'fresh.db')}`;

    const first = await migrate({ DATABASE_URL: url });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ migrated: allNames });

    const again = await migrate({ DATABASE_URL: url });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ migrated: [] });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('migrates a PostgreSQL database (TEST_DATABASE_URL)', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const schema = `m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema} -c max_parallel_workers_per_gather=0`);

      const run = await migrate({ DATABASE_URL: url.toString() });

      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({ migrated: allNames });
      const tables = await admin.query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [
        schema,
      ]);
      expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'outbox']),
      );
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('exits 1 with the reason, and no password, when the database cannot be reached', async () => {
    const run = await migrate({ DATABASE_URL: 'postgres://ops:hunter2hunter2@127.0.0.1:1/accounts' });

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Cannot reach the database postgres://ops:***@127.0.0.1:1/accounts');
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.stderr).not.toContain('hunter2');
  });

  it('exits 2 listing every configuration problem', async () => {
    const run = await migrate({ DATABASE_URL: 'mysql://db/accounts', PORT: 'eighty' });

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('DATABASE_URL must start with "sqlite:" or "postgres://"');
    expect(run.stderr).toContain('PORT must be a whole number');
  });
});
