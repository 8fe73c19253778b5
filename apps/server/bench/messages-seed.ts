import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';

/**
 * The messages scenario's data (bench/run.ts, issue 15), written straight into DATABASE_URL:
 * `messages-seed.ts <reader id> <accounts> <broadcasts> <personal notices> <recipients each>`
 * makes `accounts` more accounts, `broadcasts` notices to everyone, a region or a language over
 * the last year, and `personal notices` notices to named accounts, each to `recipients each`
 * accounts spread over all of them, the reader named in every third. The reader's account is
 * dated before all of them and has read every other one it sees. Prints what it made.
 */
const [reader, accounts, broadcasts, personal, recipientsEach] = process.argv.slice(2).map(Number);
if (![reader, accounts, broadcasts, personal, recipientsEach].every((n) => Number.isInteger(n)))
  throw new Error('usage: messages-seed.ts <reader id> <accounts> <broadcasts> <personal notices> <recipients each>');

const database = await openDatabase(process.env.DATABASE_URL ?? '');
const { db, dialect } = database;
const now = Math.floor(Date.now() / 1000);
const YEAR = 365 * 86_400;
const series = (count: number) =>
  dialect === 'postgres'
    ? sql`select n from generate_series(1, ${sql.lit(count)}) as n`
    : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(count)}) select n from s`;

await db.transaction().execute(async (trx) => {
  const first = await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from users`.execute(trx);
  const firstId = Number(first.rows[0]?.id ?? 1);
  // A million accounts, half in each region, a few languages, opened two years ago.
  await sql`insert into users (region, email, mobile, second_mobile, nick_name, avatar_url, profile, birthday, sex, country, language, created_at, updated_at)
    select case when n % 2 = 0 then 'domestic' else 'overseas' end, 'bench-reader-' || n || '-' || ${sql.lit(now)} || '@example.com',
      null, null, 'reader ' || n, null, null, null, null, null,
      case n % 4 when 0 then 'zh' when 1 then 'en' when 2 then 'de' else null end, ${sql.lit(now - 2 * YEAR)}, ${sql.lit(now - 2 * YEAR)}
    from (${series(accounts as number)}) as numbers`.execute(trx);
  await trx
    .updateTable('users')
    .set({ created_at: now - 2 * YEAR, region: 'domestic', language: 'zh' })
    .where('id', '=', reader as number)
    .execute();

  // Broadcasts over the last year: to everyone, to a region, or to a language.
  await sql`insert into notices (audience, audience_value, type, content, created_at, withdrawn_at)
    select case n % 4 when 0 then 'all' when 1 then 'region' when 2 then 'region' else 'language' end,
      case n % 4 when 1 then 'domestic' when 2 then 'overseas' when 3 then (case when n % 8 = 3 then 'zh' else 'en' end) else null end,
      'other', '<p>Broadcast ' || n || ': news of the product, with <b>bold</b> words and a <a href="https://www.example.com/news" target="_blank" rel="noopener noreferrer">link</a>.</p>',
      ${sql.lit(now - YEAR)} + n * ${sql.lit(Math.floor(YEAR / (broadcasts as number)))}, null
    from (${series(broadcasts as number)}) as numbers`.execute(trx);

  // Notices to named accounts: each to `recipientsEach` accounts spread over all of them.
  const firstPersonal = await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from notices`.execute(trx);
  const personalFrom = Number(firstPersonal.rows[0]?.id ?? 1);
  await sql`insert into notices (audience, audience_value, type, content, created_at, withdrawn_at)
    select 'users', null, 'system', '<p>Personal notice ' || n || '.</p>', ${sql.lit(now - YEAR)} + n * ${sql.lit(Math.floor(YEAR / (personal as number)))}, null
    from (${series(personal as number)}) as numbers`.execute(trx);
  await sql`insert into notice_recipients (notice_id, user_id)
    select ${sql.lit(personalFrom)} + (n - 1) / ${sql.lit(recipientsEach as number)}, ${sql.lit(firstId)} + ((cast(n as bigint) * 7919) % ${sql.lit(accounts as number)})
    from (${series((personal as number) * (recipientsEach as number))}) as numbers
    where true on conflict do nothing`.execute(trx);
  await sql`insert into notice_recipients (notice_id, user_id)
    select id, ${sql.lit(reader as number)} from notices where audience = 'users' and id >= ${sql.lit(personalFrom)} and id % 3 = 0
    on conflict do nothing`.execute(trx);
});

// The reader has read every other notice it sees.
const seen = await db
  .selectFrom('notices as n')
  .leftJoin('notice_recipients as r', (join) =>
    join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', reader as number),
  )
  .select('n.id')
  .where((eb) =>
    eb.or([
      eb('r.user_id', 'is not', null),
      eb('n.audience', '=', 'all'),
      eb.and([eb('n.audience', '=', 'region'), eb('n.audience_value', '=', 'domestic')]),
      eb.and([eb('n.audience', '=', 'language'), eb('n.audience_value', '=', 'zh')]),
    ]),
  )
  .execute();
const read = seen.filter((_, index) => index % 2 === 0);
for (let start = 0; start < read.length; start += 500) {
  await db
    .insertInto('notice_reads')
    .values(
      read.slice(start, start + 500).map(({ id }) => ({ user_id: reader as number, notice_id: id, read_at: now })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}
await sql`analyze`.execute(db);
await database.close();
console.log(
  JSON.stringify({
    accounts,
    broadcasts,
    personal,
    recipients: (personal as number) * (recipientsEach as number),
    seen: seen.length,
  }),
);
