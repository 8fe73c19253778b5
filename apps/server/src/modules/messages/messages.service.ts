import {
  CommonErrors,
  type Language,
  NOTICE_CONTENT_MAX_LENGTH,
  NOTICE_LINK_SCHEMES,
  NOTICE_TAGS,
  type NoticeAudience,
  type Notification,
  type NotificationType,
  type Region,
} from '@account-centre/contract';
import sanitizeHtml from 'sanitize-html';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import {
  normaliseLocalised,
  type Reader,
  readLocalised,
  storedTranslations,
  type Translations,
} from '../../lib/localised-text.js';
import { accountLanguage } from '../user/index.js';
import { productMessage } from './notify.js';

export type NotificationDto = Static<typeof Notification>;

/**
 * A notice's content as stored and shown (issue 15): paragraphs, bold, line breaks and links to
 * http(s) addresses, which open in a new tab. Anything else goes — scripts and styles with their
 * text, event handlers, other attributes and schemes (`javascript:`) — and the text of any other
 * tag stays as plain text. The browser sanitises again before it shows it.
 */
export function sanitiseNotice(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...NOTICE_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...NOTICE_LINK_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'template'],
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => ({
        tagName,
        // A link's scheme is checked after this: one refused keeps no href, and so goes nowhere.
        attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' } : {},
      }),
    },
  }).trim();
}

export interface NewNotice {
  audience: NoticeAudience;
  /** The region or language of a region or language notice. */
  value?: string | null;
  /** The accounts of a notice to named accounts. */
  userIds?: readonly number[];
  type: NotificationType;
  /** The content where no language of `translations` matches the reader (docs/decisions/058). */
  content?: string | undefined;
  /** The content in the languages it was written in. */
  translations?: Translations | undefined;
}

/**
 * Sends a notice: one row whoever it is for, and for named accounts one recipient row each. A
 * broadcast reaches the accounts that exist when it is sent (and those opened later do not see
 * what was said before them).
 */
export async function sendNotice(db: Db, notice: NewNotice, now: number): Promise<{ id: number; recipients: number }> {
  const content = normaliseLocalised({ text: notice.content, translations: notice.translations }, (html) => {
    const sanitised = sanitiseNotice(html);
    if (sanitised.length === 0 || sanitised.length > NOTICE_CONTENT_MAX_LENGTH)
      throw operatorInputError(`the content has 1 to ${NOTICE_CONTENT_MAX_LENGTH} characters once sanitised`);
    return sanitised;
  });
  const named = notice.audience === 'users';
  const value = notice.audience === 'region' || notice.audience === 'language' ? (notice.value ?? '').trim() : null;
  if (value !== null && (value.length === 0 || value.length > 16))
    throw operatorInputError('name the region or language');
  const userIds = [...new Set(notice.userIds ?? [])];
  if (named && (userIds.length === 0 || userIds.length > 100_000))
    throw operatorInputError('name 1 to 100000 accounts');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({
        audience: notice.audience,
        audience_value: value,
        type: notice.type,
        content: content.text,
        content_translations: storedTranslations(content.translations),
        created_at: now,
        withdrawn_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (named) {
      const existing = await trx.selectFrom('users').select('id').where('id', 'in', userIds).execute();
      if (existing.length !== userIds.length) throw operatorInputError('some of the accounts named do not exist');
      for (let start = 0; start < userIds.length; start += 500) {
        await trx
          .insertInto('notice_recipients')
          .values(userIds.slice(start, start + 500).map((userId) => ({ notice_id: row.id, user_id: userId })))
          .execute();
      }
    }
    return { id: row.id, recipients: named ? userIds.length : 0 };
  });
}

/** Withdraws a notice: no one sees it from then on. */
export async function withdrawNotice(db: Db, id: number, now: number): Promise<void> {
  const done = await db
    .updateTable('notices')
    .set({ withdrawn_at: now })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (done.numUpdatedRows === 0n)
    throw operatorInputError('no such notice, or withdrawn already', CommonErrors.notFound);
}

/**
 * The notices a person sees: those naming them (through their recipient rows), and the
 * broadcasts to everyone, their region or their language sent since their account was opened.
 * Two indexed reads joined by UNION ALL, so neither the number of accounts nor other people's
 * personal notices weigh on it.
 */
async function visibleNotices(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['region', 'language', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw appError(CommonErrors.notFound);
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
    .where('r.user_id', '=', userId)
    .where('n.withdrawn_at', 'is', null);
  const broadcast = db
    .selectFrom('notices as n')
    .select(columns)
    .where('n.withdrawn_at', 'is', null)
    .where('n.created_at', '>=', user.created_at)
    .where((eb) =>
      eb.or([
        eb('n.audience', '=', 'all'),
        eb.and([eb('n.audience', '=', 'region'), eb('n.audience_value', '=', user.region)]),
        ...(user.language
          ? [eb.and([eb('n.audience', '=', 'language'), eb('n.audience_value', '=', user.language)])]
          : []),
      ]),
    );
  return db
    .selectFrom(personal.unionAll(broadcast).as('v'))
    .leftJoin('notice_reads as rd', (join) => join.onRef('rd.notice_id', '=', 'v.id').on('rd.user_id', '=', userId));
}

/**
 * A page of the person's messages, newest first, with whether each was read (getMessage), each
 * in the reader's language: a product message written out from its kind, an operator's notice
 * in the best of its languages (docs/decisions/058).
 */
export async function notificationPage(
  db: Db,
  userId: number,
  offset: number,
  count: number,
  asked: { language: Language | null; region: Region },
): Promise<{ count: number; notify: NotificationDto[] }> {
  const visible = await visibleNotices(db, userId);
  const reader: Reader = {
    region: asked.region,
    language: asked.language ?? (await accountLanguage(db, userId, asked.region)),
  };
  const [rows, total] = await Promise.all([
    visible
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
      .execute(),
    visible.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(total.count),
    notify: rows.map((row) => ({
      id: row.id,
      is_read: row.read_at !== null,
      type: row.type,
      created_at: row.created_at,
      content:
        (row.kind !== null && productMessage(row.kind, row.params, reader)) ||
        readLocalised(row.content, row.content_translations, reader),
    })),
  };
}

/** Marks the person's messages among `ids` read; ids of messages they do not see change nothing. */
export async function markRead(db: Db, userId: number, ids: readonly number[], now: number): Promise<void> {
  const visible = await visibleNotices(db, userId);
  const mine = await visible
    .select('v.id')
    .where('v.id', 'in', [...new Set(ids)])
    .execute();
  if (mine.length === 0) return;
  await db
    .insertInto('notice_reads')
    .values(mine.map(({ id }) => ({ user_id: userId, notice_id: id, read_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

/**
 * The unread indicator: how many of the person's messages are unread, and the offset of the
 * newest of them in the list as notificationPage orders it (newest first, then by id), so the
 * screen can say which page it is on. Null when none is unread.
 */
export async function unreadSummary(db: Db, userId: number): Promise<{ count: number; firstOffset: number | null }> {
  const visible = await visibleNotices(db, userId);
  const unread = visible.where('rd.read_at', 'is', null);
  const [total, newest] = await Promise.all([
    unread.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    unread
      .select(['v.id', 'v.created_at'])
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!newest) return { count: 0, firstOffset: null };
  // Its offset is the number of messages listed before it, read or not.
  const before = await visible
    .where((eb) =>
      eb.or([
        eb('v.created_at', '>', newest.created_at),
        eb.and([eb('v.created_at', '=', newest.created_at), eb('v.id', '>', newest.id)]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { count: Number(total.count), firstOffset: Number(before.count) };
}
