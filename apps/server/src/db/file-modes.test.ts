import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../load-config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

/** The permission bits of a file or directory. */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the files of a default start are its own user’s only', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-modes-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes the SQLite file, its -wal and -shm 0600 and the directory it makes 0700', async () => {
    const file = path.join(root, 'data', 'account-centre.db');
    const database = await openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(database.db);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      for (const part of [file, `${file}-wal`, `${file}-shm`]) expect([part, modeOf(part)]).toEqual([part, 0o600]);
    } finally {
      await database.close();
    }
  });

  it('tightens a database file an earlier start left readable by everyone', async () => {
    const file = path.join(root, 'earlier.db');
    const earlier = new SqliteDatabase(file);
    earlier.exec('CREATE TABLE kept (id INTEGER PRIMARY KEY)');
    earlier.close();
    fs.chmodSync(file, 0o644);
    const database = await openDatabase(`sqlite:${file}`);
    try {
      expect(modeOf(file)).toBe(0o600);
      // The data stays.
      expect(
        await database.db
          .selectFrom('kept' as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('makes the data directory 0700 beside the 0600 secret key', () => {
    const dataDir = path.join(root, 'fresh-data');
    loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret.key'))).toBe(0o600);
  });
});
