import { buildLanguage, maskEmail, maskPhone, type Region, resolveLanguage } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { notify, notifyText, type NotifyParams, type SecurityAlertKind } from '../messages/index.js';
import { insertMessage } from '../outbox/index.js';
import { findAccountSettings, findContactDetails } from '../user/index.js';
import { alertMailTexts } from './alert-texts.js';

type AddressColumn = 'email' | 'mobile' | 'second_mobile';

/**
 * Every security alert (docs/decisions/067), one case each. Still to come with second factors,
 * each a case here and a sentence in messages/notify-texts.ts: a second factor added or removed,
 * a recovery code used, and an operator's `mfa:reset`.
 */
export type SecurityAlert =
  | { kind: 'passwordChanged' }
  | { kind: 'addressChanged'; column: AddressColumn; from: string | null; to: string | null }
  | { kind: 'signInReleased' };

const mask = (column: AddressColumn, value: string) => (column === 'email' ? maskEmail(value) : maskPhone(value));

/** The alert's message kind and the values its sentence fills in. */
function describe(alert: SecurityAlert, now: number): { kind: SecurityAlertKind; params: NotifyParams } {
  const time = { time: now };
  switch (alert.kind) {
    case 'passwordChanged':
      return { kind: 'securityPasswordChanged', params: { time } };
    case 'signInReleased':
      return { kind: 'securitySignInReleased', params: { time } };
    case 'addressChanged': {
      const { column, from, to } = alert;
      const noun = column === 'email' ? 'Email' : 'Phone';
      const event = from === null ? 'Bound' : to === null ? 'Removed' : 'Changed';
      const params: NotifyParams = { time };
      if (to !== null) params.address = mask(column, to);
      if (from !== null) params.old = mask(column, from);
      return { kind: `security${noun}${event}`, params };
    }
  }
}

/** Where the e-mail or SMS of an alert goes, besides the account's own addresses now. */
function formerAddress(alert: SecurityAlert): { channel: 'email' | 'sms'; recipient: string } | null {
  if (alert.kind !== 'addressChanged' || alert.from === null) return null;
  return { channel: alert.column === 'email' ? 'email' : 'sms', recipient: alert.from };
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The sentence is written for HTML; mail and SMS are plain text. */
const plain = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);

/**
 * Tells the account holder of a security event, inside the event's own transaction (so the alert
 * exists exactly when the event does): an in-app message, and an e-mail to the account's
 * e-mail — or, for an account with only a phone, an SMS to its phone. An address that has just
 * left the account (an e-mail or phone changed or removed) is told too. Each text is in the
 * account's language, its time on the clock of the account's region. No setting turns it off.
 */
export async function sendSecurityAlert(trx: Db, userId: number, alert: SecurityAlert, now: number): Promise<void> {
  const [settings, contact] = await Promise.all([findAccountSettings(trx, userId), findContactDetails(trx, userId)]);
  if (!settings || !contact || settings.closed_at !== null) return;
  const region = settings.region as Region;
  const language = resolveLanguage(settings.language, buildLanguage(region));
  const { kind, params } = describe(alert, now);
  await notify(trx, userId, kind, params, now);

  const texts = alertMailTexts[language];
  const sentence = plain(notifyText(kind, language, params, region));
  const send = (channel: 'email' | 'sms', recipient: string, former: boolean) =>
    insertMessage(
      trx,
      channel === 'email'
        ? {
            channel,
            recipient,
            subject: texts.subject,
            body: [sentence, ...(former ? [texts.toOld] : [texts.notMe]), texts.always].join('\n\n'),
          }
        : { channel, recipient, subject: texts.subject, body: `${sentence}${former ? '' : ` ${texts.smsNotMe}`}` },
      now,
    );

  if (contact.email !== null) await send('email', contact.email, false);
  else if (contact.mobile !== null) await send('sms', contact.mobile, false);
  const former = formerAddress(alert);
  if (former) await send(former.channel, former.recipient, true);
}
