import { type Kysely, type Migration, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/helpers/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { migratorFor } from '../../db/migrate.js';

const BEFORE = '2026-11-28-908-withdrawal-repayments';
const OWED = '2026-12-02-911-income-owed-and-fees';

/** The migrations up to the repayments (908) and migration 911, independent of what others add later. */
function migrationsThrough911(): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= BEFORE || name === OWED));
}

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

const entry = (
  userId: number,
  kind: string,
  sourceId: string,
  gross: number,
  fee: number,
  reverses: unknown = null,
) => ({
  user_id: userId,
  product: 'mm',
  kind,
  amount: gross - fee,
  gross,
  fee,
  source_id: sourceId,
  title: 'Template',
  description: '',
  created_at: 100,
  available_at: 100,
  reverses_id: reverses,
});

describe.each(dialects)('migration 911: owed income and the 1-fen fee ($name)', (dialect) => {
  let handle: { database: DatabaseHandle; drop(): Promise<void> } | null = null;
  afterEach(async () => {
    await handle?.drop();
    await handle?.database.close();
    handle = null;
  });

  it('keeps the ledger it finds, with its rules, admits a 1-fen sale all fee, and undoes cleanly', async () => {
    handle = await dialect.open();
    const db = handle.database.db as unknown as AnyDb;
    const steps = await migratorFor(db, migrationsThrough911());
    expect((await steps.migrateTo(BEFORE)).error).toBeUndefined();
    const [user] = await sql<{ id: number }>`
      INSERT INTO users (region, email, nick_name, created_at, updated_at)
      VALUES ('domestic', 'a@example.com', 'a', 1, 1) RETURNING id`
      .execute(db)
      .then((result) => result.rows);
    const userId = Number(user?.id);
    const sold = await db
      .insertInto('income_entries')
      .values(entry(userId, 'sale', 's-1', 10_000, 3_000))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('income_entries')
      .values(entry(userId, 'sale_refund', 's-1', -10_000, -3_000, sold.id))
      .execute();
    await db
      .insertInto('income_entries')
      .values(entry(userId, 'sale', 's-2', 5_000, 1_500))
      .execute();
    await expect(
      db
        .insertInto('income_entries')
        .values(entry(userId, 'sale', 's-3', 1, 1))
        .execute(),
    ).rejects.toThrow();

    expect((await steps.migrateTo(OWED)).error).toBeUndefined();
    const rows = await db.selectFrom('income_entries').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.kind, Number(row.amount), row.reverses_id])).toEqual([
      [sold.id, 'sale', 7_000, null],
      [expect.anything(), 'sale_refund', -7_000, sold.id],
      [expect.anything(), 'sale', 3_500, null],
    ]);
    await db
      .insertInto('income_entries')
      .values(entry(userId, 'sale', 's-3', 1, 1))
      .execute();
    // What the ledger kept: entries never edited, each recorded and reversed once, the sum.
    await expect(sql`UPDATE income_entries SET title = 'x'`.execute(db)).rejects.toThrow(/never edited/);
    await expect(
      db
        .insertInto('income_entries')
        .values(entry(userId, 'sale', 's-3', 1, 1))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('income_entries')
        .values(entry(userId, 'sale_refund', 's-1-again', -10_000, -3_000, sold.id))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('income_entries')
        .values({ ...entry(userId, 'sale', 's-4', 10, 3), amount: 8 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('income_entries')
        .values(entry(userId, 'sale', 's-5', 1, 2))
        .execute(),
    ).rejects.toThrow();

    expect((await steps.migrateTo(BEFORE)).error).toBeUndefined();
    expect(
      (await db.selectFrom('income_entries').select('source_id').orderBy('id').execute()).map((row) => row.source_id),
    ).toEqual(['s-1', 's-1', 's-2']);
  });
});
