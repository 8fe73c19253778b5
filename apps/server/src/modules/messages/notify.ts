import { buildLanguage, type Language, languageTags, resolveLanguage, type Region } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { Reader } from '../../lib/localised-text.js';
import { findAccountSettings } from '../user/index.js';
import * as repo from './messages.repository.js';
import { isSecurityAlertKind, notMeLinkTexts, type NotifyKind, notifyTexts } from './notify-texts.js';

export type { Reader };

/**
 * What fills a message's `{name}` marks: text (escaped when placed), a number, a time (shown as
 * a date) or money in minor units (shown in its currency).
 */
export type NotifyParams = Record<
  string,
  string | number | { date: number } | { time: number } | { fen: number; currency: 'CNY' | 'USD' }
>;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char] ?? char);

/**
 * A message's text in a language, its values escaped, numbers and dates as the language writes
 * them; dates on the clock of the person's region (Beijing time for the domestic build).
 */
export function notifyText(kind: NotifyKind, language: Language, params: NotifyParams, region: Region): string {
  const timeZone = region === 'domestic' ? 'Asia/Shanghai' : 'UTC';
  const tag = languageTags[language];
  return notifyTexts[kind][language].replace(/\{(\w+)\}/g, (mark, name: string) => {
    const value = params[name];
    if (value === undefined) return mark;
    if (typeof value === 'number') return new Intl.NumberFormat(tag).format(value);
    if (typeof value === 'object' && 'fen' in value)
      return new Intl.NumberFormat(tag, { style: 'currency', currency: value.currency }).format(value.fen / 100);
    // A moment (a security alert's): the day and the time, with the clock it is read on.
    if (typeof value === 'object' && 'time' in value)
      return (
        new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(value.time * 1000) +
        ` (${timeZone === 'UTC' ? 'UTC' : 'UTC+8'})`
      );
    if (typeof value === 'object')
      return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone }).format(value.date * 1000);
    return escapeHtml(value);
  });
}

export function isNotifyKind(kind: string): kind is NotifyKind {
  return Object.hasOwn(notifyTexts, kind);
}

/**
 * A product message as its reader sees it (docs/decisions/058): its kind's text in the reader's
 * language with its values filled in; null when the kind is no longer known (the stored sentence
 * is shown then).
 */
export function productMessage(kind: string, params: string | null, reader: Reader): string | null {
  if (!isNotifyKind(kind)) return null;
  const values = params ? (JSON.parse(params) as NotifyParams) : {};
  return messageHtml(kind, reader.language, values, reader.region);
}

/**
 * A message's stored and shown form; a security alert ends with the way to its "this wasn't
 * me", on the devices screen's sign-in history (docs/decisions/067). Said, not linked: the web
 * keeps only absolute http(s) links in messages, and the screen is the app's own.
 */
function messageHtml(kind: NotifyKind, language: Language, params: NotifyParams, region: Region): string {
  const sentence = `<p>${notifyText(kind, language, params, region)}</p>`;
  return isSecurityAlertKind(kind) ? `${sentence}<p>${notMeLinkTexts[language]}</p>` : sentence;
}

/**
 * Tells a person of one of the product's own events (issue 15 item 5): a system message to
 * them alone, inside the caller's transaction, so it exists exactly when the event does; none
 * to a closed account. It keeps its kind and values and is written out in the language of each
 * reading (docs/decisions/058); the sentence in the person's own language (else their region's)
 * is stored too, for a kind that might one day be retired. With `once`, a second message of the
 * same key is never made (the database's unique key decides, however many instances try): for
 * reminders such as points about to expire, sent once per grant.
 */
export async function notify(
  trx: Db,
  userId: number,
  kind: NotifyKind,
  params: NotifyParams,
  now: number,
  options: { once?: string } = {},
): Promise<void> {
  const user = await findAccountSettings(trx, userId);
  // A closed account's messages were erased with it and nobody can read new ones: an event that
  // still concerns it (a payout asked for before closing) keeps nothing new about the person.
  if (!user || user.closed_at !== null) return;
  const region = user.region as Region;
  const language = resolveLanguage(user.language, buildLanguage(region));
  const inserted = await repo.insertNoticeOnce(trx, {
    audience: 'users',
    audience_value: null,
    type: 'system',
    content: messageHtml(kind, language, params, region),
    created_at: now,
    withdrawn_at: null,
    event_key: options.once ?? null,
    kind,
    params: JSON.stringify(params),
  });
  if (!inserted) return;
  await repo.insertRecipients(trx, inserted.id, [userId]);
}
