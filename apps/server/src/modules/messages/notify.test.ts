import { listNotificationsRoute, notMeRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { type SignedInUser, testUser } from '../../../test/helpers/users.js';
import { remindExpiringPoints } from '../points/points.service.js';
import { notifyText } from './notify.js';
import { notifyTexts } from './notify-texts.js';

const DAY = 86_400;

describe('messages from the product’s own events', () => {
  it('fill in their values escaped, numbers and dates as each language writes them', () => {
    expect(notifyText('teamJoined', 'en', { team: '<b>Ops</b> & "Co"' }, 'overseas')).toBe(
      'You joined the team “&lt;b&gt;Ops&lt;/b&gt; &amp; &quot;Co&quot;”.',
    );
    const at = Date.UTC(2027, 0, 5, 20, 0) / 1000; // 04:00 on 6 January in Beijing
    expect(notifyText('pointsExpiring', 'en', { points: 12_500, date: { date: at } }, 'overseas')).toBe(
      '12,500 of your AI points expire on January 5, 2027. Use them before then.',
    );
    expect(notifyText('pointsExpiring', 'de', { points: 12_500, date: { date: at } }, 'overseas')).toContain(
      '12.500 Ihrer KI-Punkte verfallen am 5. Januar 2027',
    );
    expect(
      notifyText(
        'withdrawalFailed',
        'en',
        { amount: { fen: 12_345, currency: 'CNY' }, reason: 'wrong account' },
        'domestic',
      ),
    ).toBe(
      'The CN¥123.45 you asked to withdraw could not be paid: wrong account. It is back in your income; correct your payment details and ask again.',
    );
    expect(notifyText('pointsExpiring', 'zh', { points: 12_500, date: { date: at } }, 'domestic')).toContain(
      '12,500 个 AI 点数将于 2027年1月6日 过期',
    );
  });
});

describe('the texts of the product’s own messages', () => {
  it.each(Object.entries(notifyTexts))('%s: every language names the values English names', (_, texts) => {
    const marks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [language, text] of Object.entries(texts)) {
      expect(text.trim(), language).not.toBe('');
      expect(marks(text), language).toEqual(marks(texts.en));
    }
  });
});

describe.each(dialects)('messages from the product’s own events on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);

  const messagesOf = async (user: SignedInUser) =>
    (await call(t, listNotificationsRoute, { as: user, query: { count: 50 } })).ok().data.notify.map((m) => m.content);

  it('tells members who joins and leaves a team, in their own language or their region’s', async () => {
    const owner = await testUser(t);
    const domestic = await testUser(t, { region: 'domestic' });
    const german = await testUser(t, { region: 'overseas' });
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', german.userId).execute();
    const made = await cli(
      'team:create',
      ...flags({ product: 'max', name: 'Design <team>', owner: owner.userId, members: '5' }),
    );
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    const team = String(made.json.id);
    for (const user of [domestic, german])
      expect((await cli('team:add-member', '--team', team, '--user', String(user.userId))).code).toBe(0);
    expect((await cli('team:remove-member', '--team', team, '--user', String(german.userId))).code).toBe(0);

    expect(await messagesOf(domestic)).toEqual(['<p>你已加入团队“Design &lt;team&gt;”。</p>']);
    expect(await messagesOf(german)).toEqual([
      '<p>Sie sind nicht mehr Mitglied des Teams „Design &lt;team&gt;“.</p>',
      '<p>Sie sind dem Team „Design &lt;team&gt;“ beigetreten.</p>',
    ]);
  });

  it('says a payment was received for an order, and that a sign-in was disowned', async () => {
    const buyer = await testUser(t, { region: 'overseas' });
    const recorded = await cli(
      'order:record',
      ...flags({
        user: buyer.userId,
        product: 'max',
        type: '209',
        name: 'Diagram 1 year',
        amount: '9900',
        channel: 'online',
      }),
    );
    expect(recorded.code, JSON.stringify(recorded.error)).toBe(0);
    expect(await messagesOf(buyer)).toEqual([
      `<p>We received your payment for order ${recorded.json.order_id}. Thank you for your purchase.</p>`,
    ]);
    expect((await call(t, notMeRoute, { as: buyer, body: {} })).status).toBe(200);
    // Every session ended and the password went with them: read what is stored for the account.
    const stored = await t.app.db
      .selectFrom('notice_recipients as r')
      .innerJoin('notices as n', 'n.id', 'r.notice_id')
      .select('n.content')
      .where('r.user_id', '=', buyer.userId)
      .orderBy('n.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.content).toMatch(/^<p>You reported a sign-in that was not you: every session was signed out/);
  });

  it('reminds of points expiring within 7 days once per grant, however many sweeps run', async () => {
    const holder = await testUser(t, { region: 'overseas' });
    const now = t.clock.now();
    const give = (amount: number, expires: number) =>
      cli('points:grant', ...flags({ user: holder.userId, amount: amount, reason: 'test', expires: expires }));
    for (const [amount, expires] of [
      [300, now + 3 * DAY],
      [40, now + 6 * DAY],
      [900, now + 10 * DAY],
    ] as const) {
      expect((await give(amount, expires)).code).toBe(0);
    }
    const other = dialect.name === 'postgres' ? (await t.anotherInstance()).db : t.app.db;
    await Promise.all([
      remindExpiringPoints(t.app.db, now),
      remindExpiringPoints(other, now),
      remindExpiringPoints(t.app.db, now),
    ]);
    expect((await cli('points:remind')).json).toEqual({ reminded: 0 });
    const reminders = (await messagesOf(holder)).filter((content) => content.includes('expire'));
    expect(reminders.sort()).toEqual([
      expect.stringMatching(/^<p>300 of your AI points expire on /),
      expect.stringMatching(/^<p>40 of your AI points expire on /),
    ]);
    // Four days on, the third grant is within the week too: told of once, the other two not again.
    t.clock.advance(4 * DAY);
    expect((await cli('points:remind')).json).toEqual({ reminded: 1 });
    await holder.signInAgain();
    expect((await messagesOf(holder)).filter((content) => content.includes('expire'))).toHaveLength(3);
  });
});
