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
import { accountLanguage, existingUserIds, findAccountSettings } from '../user/index.js';
import * as repo from './messages.repository.js';
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
    const row = await repo.insertNotice(trx, {
      audience: notice.audience,
      audience_value: value,
      type: notice.type,
      content: content.text,
      content_translations: storedTranslations(content.translations),
      created_at: now,
      withdrawn_at: null,
    });
    if (named) {
      const existing = await existingUserIds(trx, userIds);
      if (existing.length !== userIds.length) throw operatorInputError('some of the accounts named do not exist');
      await repo.insertRecipients(trx, row.id, userIds);
    }
    return { id: row.id, recipients: named ? userIds.length : 0 };
  });
}

/** Withdraws a notice: no one sees it from then on. */
export async function withdrawNotice(db: Db, id: number, now: number): Promise<void> {
  if (!(await repo.withdrawNotice(db, id, now)))
    throw operatorInputError('no such notice, or withdrawn already', CommonErrors.notFound);
}

/** Whose messages are listed, and which broadcasts reach them; a missing account is a 404. */
async function noticeReader(db: Db, userId: number): Promise<repo.NoticeReader> {
  const user = await findAccountSettings(db, userId);
  if (!user) throw appError(CommonErrors.notFound);
  return { userId, region: user.region, language: user.language, createdAt: user.created_at };
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
  const visible = await noticeReader(db, userId);
  const reader: Reader = {
    region: asked.region,
    language: asked.language ?? (await accountLanguage(db, userId, asked.region)),
  };
  const [rows, total] = await Promise.all([
    repo.visibleNoticePage(db, visible, offset, count),
    repo.countVisibleNotices(db, visible),
  ]);
  return {
    count: total,
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
  const mine = await repo.visibleNoticeIds(db, await noticeReader(db, userId), ids);
  if (mine.length === 0) return;
  await repo.insertReads(db, userId, mine, now);
}

/**
 * The unread indicator: how many of the person's messages are unread, and the offset of the
 * newest of them in the list as notificationPage orders it (newest first, then by id), so the
 * screen can say which page it is on. Null when none is unread.
 */
export async function unreadSummary(db: Db, userId: number): Promise<{ count: number; firstOffset: number | null }> {
  const reader = await noticeReader(db, userId);
  const [total, newest] = await Promise.all([repo.countUnreadNotices(db, reader), repo.newestUnreadNotice(db, reader)]);
  if (!newest) return { count: 0, firstOffset: null };
  // Its offset is the number of messages listed before it, read or not.
  return { count: total, firstOffset: await repo.countListedBefore(db, reader, newest) };
}
