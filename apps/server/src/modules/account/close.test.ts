import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAccountRoute,
  getUserRoute,
  refreshRoute,
  registerRoute,
  updateUserRoute,
  uploadAvatarRoute,
} from '@account-centre/contract';
import { registerByEmail } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { codeFor, DEFAULT_PASSWORD, DOMESTIC_HOST, login, type Person, uniqueEmail } from './test-support.js';

describe.each(dialects)('closing an account on $name', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-close-'));
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function uploadAvatar(who: Person) {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = 'closeboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await call(t, uploadAvatarRoute, {
      as: who,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
      host: null,
    });
    return res.ok().data.avatar_url;
  }

  it('deletes or anonymises every personal record in one go: tokens stop working, the e-mail registers again', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const email = me.email as string;
    const second = (await login(t, { account: email, password: DEFAULT_PASSWORD })).json().data;
    // A failed sign-in leaves counters about the address: the account's own and at one IP.
    expect((await login(t, { account: email, password: 'Wrong-Password-1' })).statusCode).toBe(400);
    const avatarUrl = await uploadAvatar(me);
    const avatarFile = path.join(dataDir, 'files', 'avatars', avatarUrl.split('/').pop() as string);
    expect(fs.existsSync(avatarFile)).toBe(true);
    await call(t, updateUserRoute, {
      as: me,
      body: { profile: 'about me', birthday: '1990-05-06', sex: 'female' },
      host: DOMESTIC_HOST,
    });
    const now = t.clock.now();
    const order = await t.app.db
      .insertInto('orders')
      .values({
        order_no: `CLOSE${me.userId}`,
        user_id: me.userId,
        product: 'max',
        type: 1,
        product_name: 'Diagram, 1 year',
        quantity: 1,
        amount: 28000,
        currency: 'CNY',
        channel: 'online',
        region: 'domestic',
        agent: null,
        more: null,
        ordered_at: now,
        exp: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await call(t, closeAccountRoute, {
      as: me,
      body: { via: 'email', code: await codeFor(t, 11, email) },
      host: DOMESTIC_HOST,
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok' });
    const counters = await t.app.db.selectFrom('login_throttle').select('key').where('account', '=', email).execute();
    expect(counters).toEqual([]);

    expect((await call(t, getUserRoute, { as: me, host: DOMESTIC_HOST })).status).toBe(401);
    expect((await call(t, getUserRoute, { as: { ...me, token: second.token }, host: DOMESTIC_HOST })).status).toBe(401);
    const refresh = await call(t, refreshRoute, { body: { refresh_token: me.refreshToken }, host: null });
    expect(refresh.status).toBe(401);
    expect((await login(t, { account: email, password: DEFAULT_PASSWORD })).statusCode).toBe(400);
    expect(fs.existsSync(avatarFile)).toBe(false);

    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: null,
      mobile: null,
      second_mobile: null,
      nick_name: '',
      avatar_url: null,
      profile: null,
      birthday: null,
      sex: null,
      closed_at: t.clock.now(),
    });
    for (const table of ['credentials', 'sessions', 'access_tokens', 'login_tickets'] as const) {
      const rows = await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', me.userId).execute();
      expect(rows, table).toEqual([]);
    }
    const events = await t.app.db
      .selectFrom('audit_events')
      .select(['kind', 'ip', 'user_agent'])
      .where('user_id', '=', me.userId)
      .execute();
    expect(events).toEqual([{ kind: 'account.closed', ip: null, user_agent: null }]);
    const codes = await t.app.db.selectFrom('verification_codes').select('id').where('target', '=', email).execute();
    expect(codes).toEqual([]);
    const kept = await t.app.db.selectFrom('orders').select(['id', 'user_id']).where('id', '=', order.id).execute();
    expect(kept).toEqual([{ id: order.id, user_id: me.userId }]);

    const again = await registerByEmail(t, { email });
    expect(again.user_id).not.toBe(me.userId);
  });

  it('refuses a wrong code, a code of another purpose and another address; nothing changes', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const email = me.email as string;
    const wrongPurpose = await codeFor(t, 3, email);
    const res = await call(t, closeAccountRoute, {
      as: me,
      body: { via: 'email', code: wrongPurpose },
      host: DOMESTIC_HOST,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: 'expired', code: 4 });
    const elsewhere = await codeFor(t, 11, uniqueEmail('elsewhere'));
    expect(
      (await call(t, closeAccountRoute, { as: me, body: { via: 'email', code: elsewhere }, host: DOMESTIC_HOST }))
        .status,
    ).toBe(400);
    expect(
      (await call(t, closeAccountRoute, { as: me, body: { via: 'mobile', code: '123456' }, host: DOMESTIC_HOST })).body
        .msg,
    ).toBe('not bound');
    const info = await call(t, getUserRoute, { as: me, host: DOMESTIC_HOST });
    expect(info.status).toBe(200);
    expect(info.ok().data.email).toBe(email);
  });

  it('closes a mobile account with an SMS code, and the number can sign up again', async () => {
    const me = await testUser(t, { via: 'mobile' });
    const mobile = me.mobile as string;
    const res = await call(t, closeAccountRoute, {
      as: me,
      body: { via: 'mobile', code: await codeFor(t, 11, mobile) },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect((await call(t, getUserRoute, { as: me })).status).toBe(401);
    const code = await codeFor(t, 1, mobile);
    const again = await call(t, registerRoute, { body: { mobile, code }, host: 'account.example.cn' });
    expect(again.status, again.raw.body).toBe(200);
  });
});
