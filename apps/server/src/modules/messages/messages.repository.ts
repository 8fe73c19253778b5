import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NoticesTable } from './messages.tables.js';
import type { ClosingAccount } from '../manifest.js';

/** Stores a notice (an operator's or a product message) and answers its id. */
export function insertNotice(db: Db, row: Insertable<NoticesTable>) {
  return db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * Stores a product message sent once per event: its `event_key` is unique, so a second one of the
 * same key inserts nothing and answers undefined (the database decides, however many instances try).
 */
export function insertNoticeOnce(db: Db, row: Insertable<NoticesTable>) {
  return db
    .insertInto('notices')
    .values(row)
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * Whether a message was already sent under this `once` key (`notify`), as a condition another
 * module's query can carry: a sweep that reminds once per thing leaves out, in its own
 * statement, what was already told of, so its limit counts only what is still to tell.
 */
export function sentOnce(db: Db, key: Expression<string>): Expression<SqlBool> {
  // The subquery is written in its own parentheses by Kysely.
  return sql<SqlBool>`exists ${db.selectFrom('notices').select('notices.id').where('notices.event_key', '=', key)}`;
}

/** Names the accounts a notice is for, 500 rows a statement (well under every database's limit of values). */
export async function insertRecipients(db: Db, noticeId: number, userIds: readonly number[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += 500) {
    await db
      .insertInto('notice_recipients')
      .values(userIds.slice(start, start + 500).map((userId) => ({ notice_id: noticeId, user_id: userId })))
      .execute();
  }
}

/** Whether any notice names the person, withdrawn or not; broadcasts name nobody. */
export async function hasNoticesNaming(db: Db, userId: number): Promise<boolean> {
  const found = await db
    .selectFrom('notice_recipients')
    .select('notice_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** Marks a notice withdrawn; false when there is no such notice or it was withdrawn already. */
export async function withdrawNotice(db: Db, id: number, now: number): Promise<boolean> {
  const done = await db
    .updateTable('notices')
    .set({ withdrawn_at: now })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** Whose messages are listed: the account, and what decides which broadcasts reach it. */
export interface NoticeReader {
  userId: number;
  region: string;
  language: string | null;
  /** When the account was opened: broadcasts sent before it are not its. */
  createdAt: number;
}

/**
 * The notices a person sees: those naming them (through their recipient rows), and the
 * broadcasts to everyone, their region or their language sent since their account was opened.
 * Two indexed reads joined by UNION ALL, so neither the number of accounts nor other people's
 * personal notices weigh on it. Each with the person's read row, if any.
 */
function visibleNotices(db: Db, reader: NoticeReader) {
  const columns = [
    'n.id',
    'n.type',
    'n.content',
    'n.content_translations',
    'n.kind',
    'n.params',
    'n.created_at',
  ] as const;
  const personal = db
    .selectFrom('notice_recipients as r')
    .innerJoin('notices as n', 'n.id', 'r.notice_id')
    .select(columns)
    .where('r.user_id', '=', reader.userId)
    .where('n.withdrawn_at', 'is', null);
  const broadcast = db
    .selectFrom('notices as n')
    .select(columns)
    .where('n.withdrawn_at', 'is', null)
    .where('n.created_at', '>=', reader.createdAt)
    .where((eb) =>
      eb.or([
        eb('n.audience', '=', 'all'),
        eb.and([eb('n.audience', '=', 'region'), eb('n.audience_value', '=', reader.region)]),
        ...(reader.language
          ? [eb.and([eb('n.audience', '=', 'language'), eb('n.audience_value', '=', reader.language)])]
          : []),
      ]),
    );
  return db
    .selectFrom(personal.unionAll(broadcast).as('v'))
    .leftJoin('notice_reads as rd', (join) =>
      join.onRef('rd.notice_id', '=', 'v.id').on('rd.user_id', '=', reader.userId),
    );
}

/** A page of the person's messages, newest first (then by id), each with when it was read. */
export function visibleNoticePage(db: Db, reader: NoticeReader, offset: number, count: number) {
  return visibleNotices(db, reader)
    .select([
      'v.id',
      'v.type',
      'v.content',
      'v.content_translations',
      'v.kind',
      'v.params',
      'v.created_at',
      'rd.read_at',
    ])
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(count)
    .offset(offset)
    .execute();
}

/** How many messages the person sees, read or not. */
export async function countVisibleNotices(db: Db, reader: NoticeReader): Promise<number> {
  const total = await visibleNotices(db, reader)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(total.count);
}

/** Of the ids given, those of messages the person sees. */
export async function visibleNoticeIds(db: Db, reader: NoticeReader, ids: readonly number[]): Promise<number[]> {
  const rows = await visibleNotices(db, reader)
    .select('v.id')
    .where('v.id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => row.id);
}

/** Records the person's reading of the notices named; one read before keeps its first time. */
export function insertReads(db: Db, userId: number, noticeIds: readonly number[], now: number) {
  return db
    .insertInto('notice_reads')
    .values(noticeIds.map((id) => ({ user_id: userId, notice_id: id, read_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

const unreadNotices = (db: Db, reader: NoticeReader) => visibleNotices(db, reader).where('rd.read_at', 'is', null);

/** How many of the person's messages are unread. */
export async function countUnreadNotices(db: Db, reader: NoticeReader): Promise<number> {
  const total = await unreadNotices(db, reader)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(total.count);
}

/** The newest of the person's unread messages, in the list's order; undefined when none is unread. */
export function newestUnreadNotice(db: Db, reader: NoticeReader) {
  return unreadNotices(db, reader)
    .select(['v.id', 'v.created_at'])
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many of the person's messages, read or not, the list puts before `notice` (newest first, then by id). */
export async function countListedBefore(
  db: Db,
  reader: NoticeReader,
  notice: { id: number; created_at: number },
): Promise<number> {
  const before = await visibleNotices(db, reader)
    .where((eb) =>
      eb.or([
        eb('v.created_at', '>', notice.created_at),
        eb.and([eb('v.created_at', '=', notice.created_at), eb('v.id', '>', notice.id)]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(before.count);
}

/**
 * Closing an account (its manifest's policy for notices): a notice to this account alone goes; a
 * broadcast, or a notice that names others too, stays for the others.
 */
export function deleteNoticesOnlyFor(trx: Db, account: ClosingAccount) {
  return trx
    .deleteFrom('notices')
    .where('audience', '=', 'users')
    .where('id', 'in', (eb) =>
      eb.selectFrom('notice_recipients').select('notice_id').where('user_id', '=', account.userId),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice_recipients as others')
            .select('others.notice_id')
            .whereRef('others.notice_id', '=', 'notices.id')
            .where('others.user_id', '<>', account.userId),
        ),
      ),
    )
    .execute();
}
