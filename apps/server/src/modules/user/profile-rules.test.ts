import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered } from '../../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
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
  let t: TestApp;
  let user: Registered;
  beforeAll(async () => {
    t = await createTestApp(dialect, { BRAND_NAMES: 'EdrawMax, MindMaster,亿图' });
    user = await registerByEmail(t);
  });
  afterAll(async () => t.close());

  const get = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/user/${user.user_id}`, headers: bearer(user.token) })).json().data;
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${user.user_id}`, headers: bearer(user.token), payload });

  it('refuses a 10,000-character nickname and keeps the old one', async () => {
    expect((await put({ nick_name: 'Original' })).statusCode).toBe(200);
    const res = await put({ nick_name: 'n'.repeat(10_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', msg: 'invalid request' });
    expect((await get()).nick_name).toBe('Original');
  });

  it.each([['EdrawMax fan'], ['mind master'], ['Mind-Master 2'], ['ＭＩＮＤＭＡＳＴＥＲ'], ['亿 图用户']])(
    'refuses the brand name in %j as a name-format error and changes nothing',
    async (nickName) => {
      const before = await get();
      const res = await put({ nick_name: nickName, sex: 'female' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        code: 0,
        msg: 'name format',
        data: { fields: [{ field: 'body/nick_name', rule: 'brand' }] },
      });
      expect(await get()).toEqual(before);
    },
  );

  it('takes the brand list from configuration', async () => {
    // "Edraw" alone is in the default list, not in this app's configured one.
    expect((await put({ nick_name: 'Edraw' })).statusCode).toBe(200);
  });

  it.each([['F u c k'], ['官方 客服'], ['my.sweet-傻逼'], ['Customer-Service']])(
    'refuses the sensitive nickname %j with code 2 and changes nothing',
    async (nickName) => {
      const before = await get();
      const res = await put({ nick_name: nickName });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        code: 2,
        msg: 'sensitive',
        data: { code: 2, fields: [{ field: 'body/nick_name', rule: 'sensitive' }] },
      });
      expect(await get()).toEqual(before);
    },
  );

  it('accepts names that merely resemble a listed word', async () => {
    for (const nickName of ['Badminton Ace', 'Mastermind', 'Shiitake']) {
      const res = await put({ nick_name: nickName });
      expect(res.statusCode, nickName).toBe(200);
      expect(res.json().data.nick_name).toBe(nickName);
    }
  });

  it('refuses control characters in a nickname', async () => {
    const res = await put({ nick_name: 'Ada\u202Egnp.exe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual({ fields: [{ field: 'body/nick_name', rule: 'characters' }] });
  });

  it('keeps HTML in the introduction as text and strips control characters', async () => {
    const res = await put({ profile: '<img src=x onerror=alert(1)>\u0000 <b>bold</b>\r\nline two\u0007' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().data.profile).toBe('<img src=x onerror=alert(1)> <b>bold</b>\nline two');
    expect((await get()).profile).toBe('<img src=x onerror=alert(1)> <b>bold</b>\nline two');
  });

  it('screens the introduction for sensitive words and keeps the old one', async () => {
    await put({ profile: 'I draw diagrams' });
    const res = await put({ profile: 'buy 毒 品 here', nick_name: 'Fine Name' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2, msg: 'sensitive' });
    const after = await get();
    expect(after.profile).toBe('I draw diagrams');
    expect(after.nick_name).not.toBe('Fine Name');
  });

  it('refuses an oversize introduction', async () => {
    const res = await put({ profile: '<p>'.repeat(200) });
    expect(res.statusCode).toBe(400);
    expect((await get()).profile).toBe('I draw diagrams');
  });
});
