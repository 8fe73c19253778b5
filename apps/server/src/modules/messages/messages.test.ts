import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { sanitiseNotice } from './messages.service.js';

describe('a notice’s content', () => {
  it('keeps paragraphs, bold, line breaks and http(s) links, which open in a new tab', () => {
    expect(sanitiseNotice('<p>Hello <b>you</b><br><a href="https://example.com/a?b=1">look</a></p>')).toBe(
      '<p>Hello <b>you</b><br /><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">look</a></p>',
    );
  });

  it('drops scripts, event handlers, styles and other schemes, keeping plain text', () => {
    const cases: [string, string][] = [
      ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
      ['<p onclick="alert(1)">Hi</p>', '<p>Hi</p>'],
      ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
      ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
      ['<a href="//evil.example/x">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
      ['<a href="data:text/html,<script>1</script>">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
      ['<p style="position:fixed;top:0">covered</p>', '<p>covered</p>'],
      ['<style>body{display:none}</style>text', 'text'],
      ['<img src=x onerror=alert(1)>caption', 'caption'],
      ['<iframe src="https://evil.example"></iframe>after', 'after'],
      ['<div><span>nested</span> text</div>', 'nested text'],
      [
        '<svg><a href="https://x.example">in svg</a></svg>',
        '<a href="https://x.example" target="_blank" rel="noopener noreferrer">in svg</a>',
      ],
    ];
    for (const [dirty, clean] of cases) expect(sanitiseNotice(dirty), dirty).toBe(clean);
  });
});

describeOnEachDialect('messages on $name', (t) => {
  const cli = cliRunner(() => t);

  async function send(...flags: string[]): Promise<number> {
    const sent = await cli('notice:send', ...flags);
    expect(sent.code, JSON.stringify(sent.error)).toBe(0);
    t.clock.advance(1);
    return sent.json.id as number;
  }
  const page = async (user: TestUser, offset = 0, count = 10) =>
    (await call(t, listNotificationsRoute, { as: user, query: { offset, count } })).ok().data;
  const unread = async (user: TestUser) => (await call(t, unreadNotificationsRoute, { as: user })).ok().data.unread;

  it('pages a person’s messages newest first, and keeps their read state apart from everyone else’s', async () => {
    const ann = await testUser(t, { region: 'domestic' });
    const bob = await testUser(t, { region: 'overseas' });
    expect(await unread(ann)).toBe(false);
    const toAll = await send('--to', 'all', '--content', '<p>Maintenance tonight</p>');
    const toDomestic = await send(
      '--to',
      'region',
      '--value',
      'domestic',
      '--type',
      'other',
      '--content',
      'Spring sale',
    );
    const toAnn = await send('--to', 'users', '--users', String(ann.userId), '--content', '<b>Your invoice</b>');

    const annPage = await page(ann);
    expect(annPage.count).toBe(3);
    expect(annPage.notify.map((n) => [n.id, n.type, n.is_read])).toEqual([
      [toAnn, 'system', false],
      [toDomestic, 'other', false],
      [toAll, 'system', false],
    ]);
    expect((await page(bob)).notify.map((n) => n.id)).toEqual([toAll]);
    expect((await page(ann, 1, 1)).notify.map((n) => n.id)).toEqual([toDomestic]);

    expect(await unread(ann)).toBe(true);
    expect((await call(t, markNotificationsReadRoute, { as: ann, body: { ids: [toAll, toAnn] } })).status).toBe(200);
    expect((await page(ann)).notify.map((n) => n.is_read)).toEqual([true, false, true]);
    // Ann's reading is hers: the broadcast is still unread for Bob.
    expect(await unread(bob)).toBe(true);
    await call(t, markNotificationsReadRoute, { as: ann, body: { ids: [toDomestic, toDomestic] } });
    expect(await unread(ann)).toBe(false);
  });

  it('marks only messages the person sees, and never shows another’s or a withdrawn one', async () => {
    const cat = await testUser(t);
    const dan = await testUser(t);
    const forDan = await send('--to', 'users', '--users', String(dan.userId), '--content', 'private');
    const withdrawn = await send('--to', 'users', '--users', String(cat.userId), '--content', 'oops');
    expect((await cli('notice:withdraw', '--notice', String(withdrawn))).code).toBe(0);
    await call(t, markNotificationsReadRoute, { as: cat, body: { ids: [forDan] } });
    expect(await t.app.db.selectFrom('notice_reads').selectAll().where('user_id', '=', cat.userId).execute()).toEqual(
      [],
    );
    expect((await page(cat)).notify.map((n) => n.id)).not.toContain(withdrawn);
    expect((await page(cat)).notify.map((n) => n.id)).not.toContain(forDan);
    expect(await unread(dan)).toBe(true);
  });

  it('shows an account the broadcasts of its language, and none sent before it was opened', async () => {
    const before = await send('--to', 'all', '--content', 'said before');
    const eve = await testUser(t);
    await t.app.db.updateTable('users').set({ language: 'de' }).where('id', '=', eve.userId).execute();
    const german = await send('--to', 'language', '--value', 'de', '--content', '<p>Hallo</p>');
    const french = await send('--to', 'language', '--value', 'fr', '--content', '<p>Bonjour</p>');
    const ids = (await page(eve, 0, 50)).notify.map((n) => n.id);
    expect(ids).toContain(german);
    expect(ids).not.toContain(french);
    expect(ids).not.toContain(before);
  });

  it('stores what it is sent sanitised, and refuses a message that is empty once sanitised', async () => {
    const fay = await testUser(t);
    await send(
      '--to',
      'users',
      '--users',
      String(fay.userId),
      '--content',
      '<p onmouseover="x()">Hi <a href="javascript:x()">there</a></p>',
    );
    const [message] = (await page(fay)).notify;
    expect(message?.content).toBe('<p>Hi <a target="_blank" rel="noopener noreferrer">there</a></p>');
    expect((await cli('notice:send', '--to', 'all', '--content', '<script>only()</script>')).code).not.toBe(0);
    expect((await cli('notice:send', '--to', 'users', '--users', '999999', '--content', 'x')).code).not.toBe(0);
  });

  it('refuses another user’s messages and bad input', async () => {
    const gus = await testUser(t);
    const hal = await testUser(t);
    for (const route of [listNotificationsRoute, unreadNotificationsRoute]) {
      expect((await call(t, route, { as: gus, params: { userId: hal.userId } })).status).toBe(403);
    }
    expect(
      (await call(t, markNotificationsReadRoute, { as: gus, params: { userId: hal.userId }, body: { ids: [1] } }))
        .status,
    ).toBe(403);
    for (const payload of [
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${gus.userId}/notification`,
        headers: { authorization: `Bearer ${gus.token}` },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
  });
});
