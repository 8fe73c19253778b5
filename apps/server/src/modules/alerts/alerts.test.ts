import { maskEmail, maskPhone } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { alertMailTexts } from './alert-texts.js';
import { type SecurityAlert, sendSecurityAlert } from './alerts.service.js';

/** What an alert wrote: the user's messages of security kinds, and every outbox row since `fromId`. */
async function written(t: TestApp, userId: number, fromId: number) {
  const notices = await t.app.db
    .selectFrom('notices')
    .innerJoin('notice_recipients', 'notice_recipients.notice_id', 'notices.id')
    .select(['notices.kind', 'notices.content'])
    .where('notice_recipients.user_id', '=', userId)
    .where('notices.kind', 'like', 'security%')
    .execute();
  const outbox = await t.app.db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'subject', 'body'])
    .where('id', '>', fromId)
    .orderBy('id')
    .execute();
  return { notices, outbox };
}

const lastOutboxId = async (t: TestApp) =>
  (
    await t.app.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;

describe.each(dialects)('security alerts on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const admin = cliRunner(() => t);

  const alert = (userId: number, what: SecurityAlert) =>
    t.app.db.transaction().execute((trx) => sendSecurityAlert(trx, userId, what, t.app.clock.now()));

  it('tells of an operator’s signin:release once in the app and once by e-mail, in the account’s language', async () => {
    const user = await testUser(t, { region: 'overseas' });
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', user.userId).execute();
    const from = await lastOutboxId(t);
    expect((await admin('signin:release', ...flags({ account: user.email, reason: 'ticket 1' }))).code).toBe(0);
    const { notices, outbox } = await written(t, user.userId, from);
    expect(notices.map((row) => row.kind)).toEqual(['securitySignInReleased']);
    expect(notices[0]?.content).toContain('Anmeldeverlauf');
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: 'email', recipient: user.email, subject: alertMailTexts.de.subject });
    expect(outbox[0]?.body).toContain('Kundendienst');
    expect(outbox[0]?.body).toContain(alertMailTexts.de.always);
    // The overseas clock is UTC.
    expect(outbox[0]?.body).toContain('(UTC)');
  });

  it('tells a changed e-mail to the new address and to the old one, and nowhere else', async () => {
    const user = await testUser(t, { region: 'overseas' });
    const from = await lastOutboxId(t);
    const newEmail = `new-${user.email}`;
    await alert(user.userId, { kind: 'addressChanged', column: 'email', from: user.email, to: newEmail });
    const { notices, outbox } = await written(t, user.userId, from);
    expect(notices.map((row) => row.kind)).toEqual(['securityEmailChanged']);
    // The account's e-mail is read from the account: in this direct call it is still the old one,
    // so the account's own message and the old address's go to the same mailbox, each once.
    expect(outbox.map((row) => [row.channel, row.recipient])).toEqual([
      ['email', user.email],
      ['email', user.email],
    ]);
    expect(outbox[0]?.body).toContain(maskEmail(newEmail));
    expect(outbox[1]?.body).toContain(alertMailTexts.en.toOld);
  });

  it('texts a phone-only account, in Chinese on Beijing time, and tells the old number of a change', async () => {
    const user = await testUser(t, { via: 'mobile' });
    const from = await lastOutboxId(t);
    await alert(user.userId, { kind: 'addressChanged', column: 'second_mobile', from: '13900000001', to: null });
    const { notices, outbox } = await written(t, user.userId, from);
    expect(notices.map((row) => row.kind)).toEqual(['securityPhoneRemoved']);
    expect(outbox.map((row) => [row.channel, row.recipient])).toEqual([
      ['sms', user.mobile],
      ['sms', '13900000001'],
    ]);
    expect(outbox[0]?.body).toContain(maskPhone('13900000001'));
    expect(outbox[0]?.body).toContain('UTC+8');
    expect(outbox[0]?.body).toContain(alertMailTexts.zh.smsNotMe);
  });

  it('tells a new password once, to the account’s e-mail only', async () => {
    const user = await testUser(t);
    const from = await lastOutboxId(t);
    await alert(user.userId, { kind: 'passwordChanged' });
    const { notices, outbox } = await written(t, user.userId, from);
    expect(notices.map((row) => row.kind)).toEqual(['securityPasswordChanged']);
    expect(outbox.map((row) => [row.channel, row.recipient])).toEqual([['email', user.email]]);
  });

  it('tells a bound e-mail to the account’s addresses only (nothing left the account)', async () => {
    const user = await testUser(t);
    const from = await lastOutboxId(t);
    await alert(user.userId, { kind: 'addressChanged', column: 'email', from: null, to: user.email });
    const { notices, outbox } = await written(t, user.userId, from);
    expect(notices.map((row) => row.kind)).toEqual(['securityEmailBound']);
    expect(outbox).toHaveLength(1);
  });

  it('writes nothing for a closed account', async () => {
    const user = await testUser(t);
    await t.app.db.updateTable('users').set({ closed_at: t.app.clock.now() }).where('id', '=', user.userId).execute();
    const from = await lastOutboxId(t);
    await alert(user.userId, { kind: 'passwordChanged' });
    expect(await written(t, user.userId, from)).toEqual({ notices: [], outbox: [] });
  });
});
