import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { grant } from '../src/modules/grants/grants.service.js';
import { noPersonalDetails } from '../src/modules/user/personal-details.js';

/**
 * The AI points scenarios' data (bench/run.ts), written straight into DATABASE_URL:
 * `points-seed.ts <history user id> <uses> <spenders>` gives the history user `uses` numbered
 * uses (1…n, as consumption numbers them), and makes `spenders` accounts with a grant large
 * enough for any run. Prints `{"spenders": [ids]}`.
 */
const [historyUser, uses, spenders] = process.argv.slice(2).map(Number);
if (!Number.isInteger(historyUser) || !Number.isInteger(uses) || !Number.isInteger(spenders))
  throw new Error('usage: points-seed.ts <history user id> <uses> <spenders>');

const database = await openDatabase(process.env.DATABASE_URL ?? '');
const { db, dialect } = database;
const now = Math.floor(Date.now() / 1000);

// The history: a use a minute, the newest now; inserted by the database itself, in one statement.
const numbers =
  dialect === 'postgres'
    ? sql`select n from generate_series(1, ${uses}) as n`
    : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${uses}) select n from s`;
await db.transaction().execute(async (trx) => {
  await sql`insert into ai_point_usages (user_id, seq, created_at, product_type, feature_code, points, after_point, unlimited)
    select ${historyUser}, n, ${now} - (${uses} - n) * 60, 1 + (n % 2), case when n % 2 = 0 then 1 + (n % 29) else 1001 + (n % 116) end, 1 + (n % 40), 1000, 0
    from (${numbers}) as numbers`.execute(trx);
  await trx
    .insertInto('ai_point_accounts')
    .values({ user_id: historyUser as number, usage_count: uses, unlimited_until: null, updated_at: now })
    .execute();
});

const ids: number[] = [];
for (let i = 0; i < (spenders as number); i++) {
  const user = await db
    .insertInto('users')
    .values({
      region: 'domestic',
      email: `bench-spender-${i}-${now}@example.com`,
      mobile: null,
      second_mobile: null,
      nick_name: `spender ${i}`,
      ...noPersonalDetails,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .transaction()
    .execute((trx) =>
      grant(
        trx,
        user.id,
        { kind: 'ai_points', amount: 1_000_000_000, method: 'Buy_AI_Group' },
        { kind: 'operator', id: `bench-${user.id}`, reason: 'bench' },
        now,
      ),
    );
  ids.push(user.id);
}
await database.close();
console.log(JSON.stringify({ spenders: ids }));
