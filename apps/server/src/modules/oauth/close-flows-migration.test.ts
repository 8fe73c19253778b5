import type { Kysely, Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/helpers/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { migratorFor } from '../../db/migrate.js';

const CLOSE_FLOWS = '2026-11-22-702-oauth-close-flows';

/**
 * The migrations up to the flows table (402) and the one that adds `close`: enough for the
 * table this migration rebuilds, and independent of what other areas add later.
 */
function migrationsThrough702(): Record<string, Migration> {
  const chosen = Object.entries(migrations).filter(
    ([name]) => name <= '2026-11-22-402-oauth-flows' || name === CLOSE_FLOWS,
  );
  return Object.fromEntries(chosen);
}

const flow = (stateHash: string, purpose: string) => ({
  state_hash: stateHash,
  provider: 'weixin',
  purpose,
  user_id: null,
  code_verifier: 'verifier',
  nonce: 'nonce',
  browser_hash: 'browser',
  created_at: 1,
  expires_at: 2,
  used_at: null,
});

describe.each(dialects)('migration 702: close flows ($name)', (dialect) => {
  let handle: { database: DatabaseHandle; drop(): Promise<void> } | null = null;
  afterEach(async () => {
    // Dropping uses the connection (PostgreSQL drops the test's schema through it).
    await handle?.drop();
    await handle?.database.close();
    handle = null;
  });

  it('keeps the flows there are, admits close, and undoes cleanly', async () => {
    handle = await dialect.open();
    const db = handle.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const steps = await migratorFor(db, migrationsThrough702());
    expect((await steps.migrateTo('2026-11-22-402-oauth-flows')).error).toBeUndefined();
    await db
      .insertInto('oauth_flows')
      .values(flow('a'.repeat(64), 'bind'))
      .execute();
    await expect(
      db
        .insertInto('oauth_flows')
        .values(flow('b'.repeat(64), 'close'))
        .execute(),
    ).rejects.toThrow();

    expect((await steps.migrateToLatest()).error).toBeUndefined();
    await db
      .insertInto('oauth_flows')
      .values(flow('b'.repeat(64), 'close'))
      .execute();
    await expect(
      db
        .insertInto('oauth_flows')
        .values(flow('c'.repeat(64), 'other'))
        .execute(),
    ).rejects.toThrow();
    const kept = await db.selectFrom('oauth_flows').select(['state_hash', 'purpose']).orderBy('state_hash').execute();
    expect(kept).toEqual([
      { state_hash: 'a'.repeat(64), purpose: 'bind' },
      { state_hash: 'b'.repeat(64), purpose: 'close' },
    ]);

    // Down again: close flows go (the old check would refuse them), the others stay.
    expect((await steps.migrateDown()).error).toBeUndefined();
    expect(await db.selectFrom('oauth_flows').select('purpose').execute()).toEqual([{ purpose: 'bind' }]);
    await expect(
      db
        .insertInto('oauth_flows')
        .values(flow('b'.repeat(64), 'close'))
        .execute(),
    ).rejects.toThrow();
  });
});
