import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode } from '../../../test/helpers/processes.js';
import { dialects } from '../../../test/helpers/test-app.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { grant } from '../grants/grants.service.js';
import { noPersonalDetails } from '../user/personal-details.js';

const ACCOUNTS = 30;

/**
 * Issue 13: "the expiry sweep run by two processes at once → each expired grant leaves exactly
 * once". Two operator processes run `points:expire` on one database at the same moment, as two
 * server instances' sweeps would.
 */
describe.each(dialects)('the expiry sweep in two processes at once on $name', (dialect) => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-sweep-'));
  beforeAll(async () => {
    ({ url, drop } = await dialect.freshUrl());
    database = await openDatabase(url);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets each expired grant go exactly once', { timeout: 60_000 }, async () => {
    // Grants given two days ago that ended yesterday, by the processes' real clock.
    const now = Math.floor(Date.now() / 1000);
    const grantIds: number[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const user = await database.db
        .insertInto('users')
        .values({
          region: 'domestic',
          email: `sweep-${i}@example.com`,
          mobile: null,
          second_mobile: null,
          nick_name: `sweep ${i}`,
          ...noPersonalDetails,
          created_at: now - 3 * 86_400,
          updated_at: now - 3 * 86_400,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const given = await database.db
        .transaction()
        .execute((trx) =>
          grant(
            trx,
            user.id,
            { kind: 'ai_points', amount: 10 + i, expiresAt: now - 86_400 },
            { kind: 'operator', id: `sweep-${i}`, reason: 'sweep test' },
            now - 2 * 86_400,
          ),
        );
      grantIds.push(given.grant.id);
    }

    const env = {
      DATABASE_URL: url,
      NODE_ENV: 'test',
      SECRET_KEY: 'sweep-test-secret-key-0123456789abcdef',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    const sweeps = [0, 1].map(() => startNode('src/cli/admin.ts', ['points:expire'], env));
    const exits = await Promise.all(sweeps.map((sweep) => sweep.exited));
    expect(exits, sweeps.map((sweep) => sweep.stderr()).join('\n')).toEqual([0, 0]);
    const reported = sweeps.map((sweep) => JSON.parse(sweep.stdout()) as { grants: number; points: number });
    expect(reported.reduce((sum, round) => sum + round.grants, 0)).toBe(ACCOUNTS);

    const expired = await database.db
      .selectFrom('ai_point_usages')
      .select(['user_id', 'points', 'after_point'])
      .where('feature_code', '=', 2001)
      .execute();
    expect(expired).toHaveLength(ACCOUNTS);
    expect(new Set(expired.map((row) => row.user_id)).size).toBe(ACCOUNTS);
    expect(expired.every((row) => row.after_point === 0)).toBe(true);
    const left = await database.db.selectFrom('grants').select('remaining').where('id', 'in', grantIds).execute();
    expect(left.every((row) => row.remaining === 0)).toBe(true);
    const entries = await database.db
      .selectFrom('ledger_entries')
      .select('grant_id')
      .where('reason', '=', 'expire')
      .execute();
    expect(entries).toHaveLength(ACCOUNTS);
  });
});
