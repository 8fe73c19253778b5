import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  DOMESTIC_HOST,
  login,
  registerByEmail,
  type Registered,
  requestCode,
} from '../../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { createAccount } from '../auth/accounts.service.js';

describe.each(dialects)('user info on $name', (dialect) => {
  let t: TestApp;
  let user: Registered;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await registerByEmail(t, { host: DOMESTIC_HOST });
  });
  afterAll(async () => t.close());

  const get = (id = user.user_id, headers = bearer(user.token)) =>
    t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers });
  const put = (payload: unknown, id = user.user_id) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(user.token), payload: payload as object });

  it('answers the owner’s information and nothing undeclared', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      code: 0,
      msg: 'ok',
      data: {
        user_id: user.user_id,
        nick_name: user.email.split('@')[0],
        avatar_url: null,
        email: user.email,
        mobile: null,
        second_mobile: null,
        weixin: false,
        qq: false,
        weibo: false,
        hasPwd: true,
        profile: null,
        birthday: null,
        region: 'domestic',
        sex: null,
        country: null,
        language: null,
        max_storage: 0,
        used_storage: 0,
        created_at: t.clock.now(),
      },
    });
  });

  it('reports hasPwd false for an account without a password', async () => {
    const mobile = '13700001111';
    const account = await createAccount(t.app, { mobile, region: 'domestic' });
    const code = await requestCode(t, { purpose: 8, mobile }, DOMESTIC_HOST);
    const signIn = (await login(t, { account: mobile, code })).json().data;
    const res = await get(account.user_id, bearer(signIn.token));
    expect(res.json().data).toMatchObject({
      user_id: account.user_id,
      mobile,
      hasPwd: false,
      nick_name: '137****1111',
    });
  });

  it('refuses another user’s id with 403 and a missing token with 401', async () => {
    const other = await registerByEmail(t);
    expect((await get(other.user_id)).statusCode).toBe(403);
    expect((await get(user.user_id, {} as ReturnType<typeof bearer>)).statusCode).toBe(401);
    expect((await get(user.user_id, bearer('not-a-token-not-a-token-not-a-token'))).json()).toEqual({
      status: 'error',
      code: 0,
      msg: 'unauthorized',
    });
  });

  it('refuses a path id that is not the caller’s own, even a malformed one, with 403', async () => {
    for (const id of ['abc', 0, '01', '1e3'] as unknown as number[]) {
      const res = await get(id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'forbidden' });
    }
  });

  describe('update', () => {
    it('trims the nickname and answers the updated info', async () => {
      const res = await put({ nick_name: '  Ada  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.nick_name).toBe('Ada');
      expect((await get()).json().data.nick_name).toBe('Ada');
    });

    it('counts nickname length in characters: 32 Chinese characters or emoji fit, 33 do not', async () => {
      expect((await put({ nick_name: '画'.repeat(32) })).statusCode).toBe(200);
      expect((await put({ nick_name: '🙂'.repeat(32) })).statusCode).toBe(200);
      const long = await put({ nick_name: 'a'.repeat(33) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ status: 'error', code: 0, msg: 'invalid request' });
    });

    it('refuses a nickname that is empty after trimming and keeps the old one', async () => {
      await put({ nick_name: 'Keeper' });
      const res = await put({ nick_name: '    ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        code: 0,
        msg: 'invalid request',
        data: { fields: [{ field: 'body/nick_name', rule: 'length' }] },
      });
      expect((await get()).json().data.nick_name).toBe('Keeper');
    });

    it('stores the profile as typed (the web escapes it) and clears it with null', async () => {
      const profile = '<script>alert("x")</script> & more';
      expect((await put({ profile })).json().data.profile).toBe(profile);
      expect((await put({ profile: null })).json().data.profile).toBeNull();
    });

    it('accepts real birthdays only', async () => {
      expect((await put({ birthday: '2024-02-29' })).json().data.birthday).toBe('2024-02-29');
      for (const birthday of [
        '2023-02-29',
        '2023-02-30',
        '2023-04-31',
        '1899-12-31',
        '2999-01-01',
        '2023-13-01',
        '23-1-1',
      ]) {
        const res = await put({ birthday });
        expect(res.statusCode, birthday).toBe(400);
        expect(res.json().msg).toBe('invalid request');
      }
      expect((await get()).json().data.birthday).toBe('2024-02-29');
      expect((await put({ birthday: null })).json().data.birthday).toBeNull();
    });

    it('updates sex, country and language together', async () => {
      const res = await put({ sex: 'female', country: 'DE', language: 'de' });
      expect(res.json().data).toMatchObject({ sex: 'female', country: 'DE', language: 'de' });
    });

    it.each([
      ['an empty body', {}],
      ['an unknown field', { nick_name: 'x', is_admin: true }],
      ['a wrong type', { nick_name: 5 }],
      ['an unknown language', { language: 'xx' }],
      ['a lower-case country', { country: 'de' }],
      ['an oversize profile', { profile: 'p'.repeat(501) }],
      ['a field the user cannot set', { email: 'new@example.com' }],
    ])('refuses %s', async (_label, body) => {
      const before = (await get()).json().data;
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 0, msg: 'invalid request' });
      expect((await get()).json().data).toEqual(before);
    });
  });
});
