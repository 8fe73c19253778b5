import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Driver, type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDriver, type SqliteStatements } from './sqlite-group-commit.js';

interface Tables {
  notes: { id: Generated<number>; text: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

/**
 * The driver on a real SQLite file, as the server opens it (WAL, synchronous FULL), with every
 * COMMIT counted, and a second connection that sees only what is committed.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let outside: SqliteDatabase.Database;
  let committedReader: SqliteDatabase.Database;
  let commits: number;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-group-commit-'));
    const file = path.join(dir, 'test.db');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    commits = 0;
    const statements: SqliteStatements = {
      prepare: (text) => {
        if (text === 'commit') commits++;
        return sqlite.prepare(text);
      },
      get inTransaction() {
        return sqlite.inTransaction;
      },
      close: () => sqlite.close(),
    };
    // The read-only connection the server gives the driver for reads outside transactions.
    committedReader = new SqliteDatabase(file, { readonly: true });
    const committed = { prepare: (text: string) => committedReader.prepare(text) };
    class Dialect extends SqliteDialect {
      override createDriver(): Driver {
        return new GroupCommitSqliteDriver(statements, committed);
      }
    }
    db = new Kysely<Tables>({ dialect: new Dialect({ database: sqlite }) });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`.execute(db);
    await sql`CREATE TABLE parents (id INTEGER PRIMARY KEY)`.execute(db);
    // Checked at COMMIT, not at the statement: the one way here to make a COMMIT itself fail.
    await sql`CREATE TABLE children (id INTEGER PRIMARY KEY,
      parent_id INTEGER NOT NULL REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`.execute(db);
    outside = new SqliteDatabase(file, { readonly: true });
  });

  afterEach(async () => {
    outside.close();
    committedReader.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const committedTexts = () =>
    (outside.prepare('SELECT text FROM notes ORDER BY text').all() as { text: string }[]).map((row) => row.text);
  const addNote = (text: string) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text }).execute();
      // A read inside the transaction sees its own write.
      return (await trx.selectFrom('notes').select('id').where('text', '=', text).executeTakeFirstOrThrow()).id;
    });

  it('lets concurrent transactions share COMMITs, each answered only once its write is committed', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `note ${String(i).padStart(2, '0')}`);
    const seenWhenAnswered = await Promise.all(
      texts.map(async (text) => {
        await addNote(text);
        return committedTexts().includes(text);
      }),
    );
    expect(seenWhenAnswered).toEqual(texts.map(() => true));
    expect(committedTexts()).toEqual(texts);
    // Twenty transactions, far fewer COMMITs (the statements before them ran in autocommit).
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(5);
  });

  it('rolls a failed transaction back alone: the others of its batch commit', async () => {
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((text) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values({ text }).execute();
          if (text === 'b') throw new Error('b changes its mind');
          // A constraint refusal inside the transaction, caught by its caller.
          if (text === 'c') await trx.insertInto('notes').values({ text: 'a' }).execute();
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(committedTexts()).toEqual(['a', 'd']);
  });

  it('fails every transaction of a batch whose COMMIT fails, and keeps none of their writes', async () => {
    await db.insertInto('parents').values({ id: 1 }).execute();
    const outcomes = await Promise.allSettled([
      addNote('before'),
      db.transaction().execute((trx) => trx.insertInto('children').values({ id: 1, parent_id: 99 }).execute()),
      addNote('after'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
    expect(committedTexts()).toEqual([]);
    // The next transaction starts a batch of its own.
    await addNote('later');
    expect(committedTexts()).toEqual(['later']);
  });

  it('commits the open batch before a write outside any transaction, which is then durable alone', async () => {
    const inBatch = addNote('in a transaction');
    await db.insertInto('notes').values({ text: 'on its own' }).execute();
    expect(committedTexts()).toEqual(['in a transaction', 'on its own']);
    await inBatch;
  });

  it('commits the open batch before a write outside any transaction that answers rows (RETURNING)', async () => {
    const inBatch = addNote('in a transaction');
    const row = await db.insertInto('notes').values({ text: 'returned' }).returning('id').executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(0);
    // Answered, so on disk: the batch it found open went first.
    expect(committedTexts()).toEqual(['in a transaction', 'returned']);
    await inBatch;
  });

  it('reads outside any transaction only what is committed, not the open batch', async () => {
    const inBatch = addNote('pending');
    // Runs once the transaction has let go of the connection, before its batch's COMMIT.
    const whileOpen = db.selectFrom('notes').select('text').execute();
    const committedYet = whileOpen.then(() => committedTexts());
    expect(await whileOpen).toEqual([]);
    expect(await committedYet).toEqual([]);
    await inBatch;
    expect(await db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'pending' }]);
  });

  it('begins a read-only transaction with no batch open DEFERRED, committing alone', async () => {
    const count = await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => (await trx.selectFrom('notes').select('id').execute()).length);
    expect(count).toBe(0);
    await addNote('after the read');
    expect(committedTexts()).toEqual(['after the read']);
  });
});
