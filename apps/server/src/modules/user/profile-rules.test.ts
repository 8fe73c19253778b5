import { getUserRoute, type RouteBody, updateUserRoute } from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerByEmail, type Registered } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { foldForScreening, parseTermFile, stripControlCharacters, TermList } from './content-screen.js';

describe('content screening', () => {
  it('folds case, width, spaces, punctuation and invisible characters', () => {
    expect(foldForScreening(' F.u c-k ')).toBe('fuck');
    expect(foldForScreening('ｆｕｃｋ')).toBe('fuck');
    expect(foldForScreening('fu\u200bck')).toBe('fuck');
    expect(foldForScreening('Mind_Master!')).toBe('mindmaster');
  });

  it('matches terms inside other text, and leaves harmless words alone', () => {
    const list = new TermList(['Mind Master', '官方客服']);
    expect(list.matches('my mind-master notes')).toBe(true);
    expect(list.matches('官 方 客 服 小王')).toBe(true);
    expect(list.matches('Mastermind')).toBe(false);
  });

  it('reads term files without comments or blank lines', () => {
    expect(parseTermFile('# note\n\n one \r\ntwo\n')).toEqual(['one', 'two']);
  });

  it('strips control and bidi-override characters but keeps line breaks and tabs', () => {
    expect(stripControlCharacters('a\u0000b\u202Ec\r\nd\te\u0007')).toBe('abc\nd\te');
  });
});

describe.each(dialects)('nickname and introduction rules on $name', (dialect) => {
  const t = suiteTestApp(dialect, { BRAND_NAMES: 'EdrawMax, MindMaster,亿图' });
  let user: Registered;
  beforeAll(async () => {
    user = await registerByEmail(t);
  });

  // The owner's calls name no host, as a client that sends none.
  const owner = () => ({ as: asCaller(user), host: null });
  const info = async () => (await call(t, getUserRoute, owner())).ok().data;
  const update = (body: RouteBody<typeof updateUserRoute>) => call(t, updateUserRoute, { ...owner(), body });

  it('refuses a 10,000-character nickname and keeps the old one', async () => {
    expect((await update({ nick_name: 'Original' })).status).toBe(200);
    const res = await update({ nick_name: 'n'.repeat(10_000) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', msg: 'invalid request' });
    expect((await info()).nick_name).toBe('Original');
  });

  it.each([['EdrawMax fan'], ['mind master'], ['Mind-Master 2'], ['ＭＩＮＤＭＡＳＴＥＲ'], ['亿 图用户']])(
    'refuses the brand name in %j as a name-format error and changes nothing',
    async (nickName) => {
      const before = await info();
      const res = await update({ nick_name: nickName, sex: 'female' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        code: 0,
        msg: 'name format',
        data: { fields: [{ field: 'body/nick_name', rule: 'brand' }] },
      });
      expect(await info()).toEqual(before);
    },
  );

  it('takes the brand list from configuration', async () => {
    // "Edraw" alone is in the default list, not in this app's configured one.
    expect((await update({ nick_name: 'Edraw' })).status).toBe(200);
  });

  it.each([['F u c k'], ['官方 客服'], ['my.sweet-傻逼'], ['Customer-Service']])(
    'refuses the sensitive nickname %j with code 2 and changes nothing',
    async (nickName) => {
      const before = await info();
      const res = await update({ nick_name: nickName });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        code: 2,
        msg: 'sensitive',
        data: { code: 2, fields: [{ field: 'body/nick_name', rule: 'sensitive' }] },
      });
      expect(await info()).toEqual(before);
    },
  );

  it('accepts names that merely resemble a listed word', async () => {
    for (const nickName of ['Badminton Ace', 'Mastermind', 'Shiitake']) {
      const res = await update({ nick_name: nickName });
      expect(res.status, nickName).toBe(200);
      expect(res.ok().data.nick_name).toBe(nickName);
    }
  });

  it('refuses control characters in a nickname', async () => {
    const res = await update({ nick_name: 'Ada\u202Egnp.exe' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ fields: [{ field: 'body/nick_name', rule: 'characters' }] });
  });

  it('keeps HTML in the introduction as text and strips control characters', async () => {
    const res = await update({ profile: '<img src=x onerror=alert(1)>\u0000 <b>bold</b>\r\nline two\u0007' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.ok().data.profile).toBe('<img src=x onerror=alert(1)> <b>bold</b>\nline two');
    expect((await info()).profile).toBe('<img src=x onerror=alert(1)> <b>bold</b>\nline two');
  });

  it('screens the introduction for sensitive words and keeps the old one', async () => {
    await update({ profile: 'I draw diagrams' });
    const res = await update({ profile: 'buy 毒 品 here', nick_name: 'Fine Name' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 2, msg: 'sensitive' });
    const after = await info();
    expect(after.profile).toBe('I draw diagrams');
    expect(after.nick_name).not.toBe('Fine Name');
  });

  it('refuses an oversize introduction', async () => {
    expect((await update({ profile: 'Maps and charts' })).status).toBe(200);
    const res = await update({ profile: '<p>'.repeat(200) });
    expect(res.status).toBe(400);
    expect((await info()).profile).toBe('Maps and charts');
  });
});
