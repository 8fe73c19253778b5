import { getUserRoute, type RouteBody, updateUserRoute } from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  DOMESTIC_HOST,
  login,
  registerByEmail,
  type Registered,
  requestCode,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { createAccount } from '../auth/accounts.service.js';

describeOnEachDialect('user info on $name', (t) => {
  let user: Registered;
  beforeAll(async () => {
    user = await registerByEmail(t, { host: DOMESTIC_HOST });
  });

  // The owner's calls name no host, as a client that sends none.
  const owner = () => ({ as: asCaller(user), host: null });
  const info = async () => (await call(t, getUserRoute, owner())).ok().data;
  const update = (body: RouteBody<typeof updateUserRoute>) => call(t, updateUserRoute, { ...owner(), body });

  it('answers the owner’s information and nothing undeclared', async () => {
    // An account of its own: the other tests change the shared one's nickname and details.
    const fresh = await registerByEmail(t, { host: DOMESTIC_HOST });
    const res = await call(t, getUserRoute, { as: asCaller(fresh), host: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      code: 0,
      msg: 'ok',
      data: {
        user_id: fresh.user_id,
        nick_name: fresh.email.split('@')[0],
        avatar_url: null,
        email: fresh.email,
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
    const res = await call(t, getUserRoute, {
      as: asCaller({ user_id: account.user_id, token: signIn.token }),
      host: null,
    });
    expect(res.ok().data).toMatchObject({
      user_id: account.user_id,
      mobile,
      hasPwd: false,
      nick_name: '137****1111',
    });
  });

  it('refuses another user’s id with 403 and a missing token with 401', async () => {
    const other = await registerByEmail(t);
    expect((await call(t, getUserRoute, { ...owner(), params: { userId: other.user_id } })).status).toBe(403);
    expect((await call(t, getUserRoute, { params: { userId: user.user_id }, host: null })).status).toBe(401);
    const forged = { ...owner().as, token: 'not-a-token-not-a-token-not-a-token' };
    expect((await call(t, getUserRoute, { as: forged, host: null })).body).toEqual({
      status: 'error',
      code: 0,
      msg: 'unauthorized',
    });
  });

  it('refuses a path id that is not the caller’s own, even a malformed one, with 403', async () => {
    for (const id of ['abc', 0, '01', '1e3'] as unknown as number[]) {
      const res = await call(t, getUserRoute, { ...owner(), params: { userId: id } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'forbidden' });
    }
  });

  describe('update', () => {
    it('trims the nickname and answers the updated info', async () => {
      const res = await update({ nick_name: '  Ada  ' });
      expect(res.status).toBe(200);
      expect(res.ok().data.nick_name).toBe('Ada');
      expect((await info()).nick_name).toBe('Ada');
    });

    it('counts nickname length in characters: 32 Chinese characters or emoji fit, 33 do not', async () => {
      expect((await update({ nick_name: '画'.repeat(32) })).status).toBe(200);
      expect((await update({ nick_name: '🙂'.repeat(32) })).status).toBe(200);
      const long = await update({ nick_name: 'a'.repeat(33) });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({ status: 'error', code: 0, msg: 'invalid request' });
    });

    it('refuses a nickname that is empty after trimming and keeps the old one', async () => {
      await update({ nick_name: 'Keeper' });
      const res = await update({ nick_name: '    ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        code: 0,
        msg: 'invalid request',
        data: { fields: [{ field: 'body/nick_name', rule: 'length' }] },
      });
      expect((await info()).nick_name).toBe('Keeper');
    });

    it('stores the profile as typed (the web escapes it) and clears it with null', async () => {
      const profile = '<script>alert("x")</script> & more';
      expect((await update({ profile })).ok().data.profile).toBe(profile);
      expect((await update({ profile: null })).ok().data.profile).toBeNull();
    });

    it('accepts real birthdays only', async () => {
      expect((await update({ birthday: '2024-02-29' })).ok().data.birthday).toBe('2024-02-29');
      for (const birthday of [
        '2023-02-29',
        '2023-02-30',
        '2023-04-31',
        '1899-12-31',
        '2999-01-01',
        '2023-13-01',
        '23-1-1',
      ]) {
        const res = await update({ birthday });
        expect(res.status, birthday).toBe(400);
        expect(res.body.msg).toBe('invalid request');
      }
      expect((await info()).birthday).toBe('2024-02-29');
      expect((await update({ birthday: null })).ok().data.birthday).toBeNull();
    });

    it('updates sex, country and language together', async () => {
      const res = await update({ sex: 'female', country: 'DE', language: 'de' });
      expect(res.ok().data).toMatchObject({ sex: 'female', country: 'DE', language: 'de' });
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
      const before = await info();
      // Bodies outside the contract (unknown fields, wrong types): sent by hand.
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.user_id}`,
        headers: bearer(user.token),
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 0, msg: 'invalid request' });
      expect(await info()).toEqual(before);
    });
  });
});
