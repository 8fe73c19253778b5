import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode } from '../../test/helpers/processes.js';
import { createTeam } from '../modules/teams/teams.service.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const NOW = 1_790_000_000;

describe('SQLite database file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-db-'));
  const url = `sqlite:${path.join(dir, 'shared.db')}`;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase(url);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every commit durable: WAL, synchronous FULL, and a busy timeout to wait for the lock', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(database.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    // 2 = FULL
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('busy_timeout')).toBeGreaterThanOrEqual(5000);
  });

  describe('beside a second connection to the file', () => {
    let other: DatabaseHandle;
    const write = () => sql`UPDATE users SET updated_at = updated_at WHERE id = 0`.execute(other.db);
    beforeAll(async () => {
      other = await openDatabase(url);
      // Short, so a write that must wait for the lock fails fast here.
      await sql`PRAGMA busy_timeout = 50`.execute(other.db);
    });
    afterAll(async () => other.close());

    it('begins a transaction IMMEDIATE: it holds the write lock before its first statement', async () => {
      const trx = await database.db.startTransaction().execute();
      try {
        await expect(write()).rejects.toThrow('database is locked');
      } finally {
        await trx.rollback().execute();
      }
      await expect(write()).resolves.toBeDefined();
    });

    it('begins a read-only transaction DEFERRED: writers elsewhere go on', async () => {
      const trx = await database.db.startTransaction().setAccessMode('read only').execute();
      try {
        await trx.selectFrom('users').select('id').execute();
        await expect(write()).resolves.toBeDefined();
      } finally {
        await trx.commit().execute();
      }
    });
  });

  it('lets read-then-write transactions of two processes wait for each other instead of failing "database is locked"', async () => {
    // Two operators add people to one team at the same time, each `team:add-member` in its own
    // process. Each command reads (the named account) before it writes (locking that account),
    // so a transaction begun DEFERRED would be refused when the other process wrote meanwhile.
    const perProcess = 60;
    const insertUser = (email: string) =>
      database.db
        .insertInto('users')
        .values({
          region: 'overseas',
          email,
          mobile: null,
          second_mobile: null,
          nick_name: email.split('@')[0] as string,
          avatar_url: null,
          profile: null,
          birthday: null,
          sex: null,
          country: null,
          language: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
    await insertUser('owner@example.com');
    const batches = ['a', 'b'].map((side) =>
      Array.from({ length: perProcess }, (_, i) => `member-${side}${i}@example.com`),
    );
    for (const email of batches.flat()) await insertUser(email);
    const team = await createTeam(
      database.db,
      { product: 'max', name: 'Crowd', owner: { email: 'owner@example.com' }, memberLimit: 2 * perProcess + 1 },
      NOW,
    );

    const env = { DATABASE_URL: url, NODE_ENV: 'test', SECRET_KEY: 'k'.repeat(40), DATA_DIR: dir };
    const operators = batches.map((emails) =>
      startNode('test/helpers/team-operator-process.ts', [String(team.id), ...emails], env),
    );
    await Promise.all(operators.map((p) => p.printed('ready')));
    for (const p of operators) p.child.stdin?.end('go\n');
    expect(await Promise.all(operators.map((p) => p.exited))).toEqual([0, 0]);

    const reports = operators.map((p) => JSON.parse(p.stdout().trim().split('\n').pop() as string));
    expect(reports).toEqual([{ failures: [] }, { failures: [] }]);
    const members = await database.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select('users.email')
      .where('team_members.team_id', '=', team.id)
      .execute();
    expect(members.map((m) => m.email).sort()).toEqual(['owner@example.com', ...batches.flat()].sort());
  });
});
