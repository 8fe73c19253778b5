import { getUserRoute, registerRoute, type RouteBody } from '@account-centre/contract';
import { expect, it } from 'vitest';
import {
  DOMESTIC_HOST,
  OVERSEAS_HOST,
  PASSWORD,
  registerByEmail,
  requestCode,
  rowCounts,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { AppError } from '../../lib/errors.js';
import { createAccount } from './accounts.service.js';

describeOnEachDialect('registration on $name', (t) => {
  const register = (
    body: RouteBody<typeof registerRoute>,
    host = OVERSEAS_HOST,
    headers: Record<string, string> = {},
  ) => call(t, registerRoute, { body, host, headers });

  const userByEmail = (email: string) =>
    t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('creates an e-mail account, signs it in and hashes the password with argon2id', async () => {
    const email = uniqueEmail('ada.lovelace');
    const code = await requestCode(t, { purpose: 1, email });
    const res = await register({ email, password: PASSWORD, code }, OVERSEAS_HOST, {
      'user-agent': 'TestAgent/1.0',
      'x-device-id': 'device-abc-123',
    });
    expect(res.status).toBe(200);
    const body = res.ok();
    expect(body).toMatchObject({ status: 'success', code: 0, msg: 'ok' });
    expect(body.data).toEqual({
      user_id: expect.any(Number),
      token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: t.config.accessTokenTtl,
    });

    const user = await userByEmail(email);
    expect(user).toMatchObject({ id: body.data.user_id, region: 'overseas', nick_name: email.split('@')[0] });
    const credential = await t.app.db
      .selectFrom('credentials')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(credential.secret_hash).toMatch(/^\$argon2id\$/);
    expect(credential.secret_hash).not.toContain(PASSWORD);

    const session = await t.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ method: 'register', user_agent: 'TestAgent/1.0', device_id: 'device-abc-123' });

    const me = await call(t, getUserRoute, { as: asCaller({ user_id: user.id, token: body.data.token }), host: null });
    expect(me.status).toBe(200);
    expect(me.ok().data).toMatchObject({ email, hasPwd: true });

    const audit = await t.app.db.selectFrom('audit_events').selectAll().where('user_id', '=', user.id).execute();
    expect(audit.map((e) => e.kind)).toContain('register');
  });

  it('takes the region from the host', async () => {
    const account = await registerByEmail(t, { host: DOMESTIC_HOST });
    expect((await userByEmail(account.email)).region).toBe('domestic');
  });

  it('creates a mobile account with a code and no password in the domestic region', async () => {
    const mobile = uniqueMobile();
    const code = await requestCode(t, { purpose: 1, mobile }, DOMESTIC_HOST);
    const res = await register({ mobile, code }, DOMESTIC_HOST);
    expect(res.status).toBe(200);
    const { user_id, token } = res.ok().data;
    const me = await call(t, getUserRoute, { as: asCaller({ user_id, token }), host: null });
    expect(me.ok().data).toMatchObject({
      mobile,
      email: null,
      hasPwd: false,
      region: 'domestic',
      nick_name: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    });
  });

  it('refuses mobile registration outside the domestic region and writes nothing', async () => {
    const before = await rowCounts(t);
    const res = await register({ mobile: uniqueMobile(), code: '123456' }, OVERSEAS_HOST);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 0, msg: 'not available in this region' });
    expect(await rowCounts(t)).toEqual(before);
  });

  it.each([
    ['a password from the common list', 'password123'],
    ['a common password in other case', 'PassWord123'],
    ['a straight run', '1234567890'],
    ['a keyboard run', 'qwertyuiop'],
    ['one repeated character', 'aaaaaaaaaa'],
  ])('refuses %s with weak password (2) before spending a code try', async (_label, password) => {
    const email = uniqueEmail();
    const code = await requestCode(t, { purpose: 1, email });
    const res = await register({ email, password, code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 2, msg: 'weak password' });
    const row = await t.app.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('target', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });

  it('refuses a password equal to the e-mail local part', async () => {
    const email = `horsebattery${Date.now()}@example.com`;
    const code = await requestCode(t, { purpose: 1, email });
    const res = await register({ email, password: email.split('@')[0] as string, code });
    expect(res.body).toMatchObject({ code: 2, msg: 'weak password' });
  });

  it('answers account exists (8) for a registered e-mail, in any letter case', async () => {
    const existing = await registerByEmail(t);
    const upper = existing.email.toUpperCase();
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 1, email: upper });
    const before = await rowCounts(t);
    const res = await register({ email: upper, password: PASSWORD, code });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 'error', code: 8, msg: 'account exists' });
    const after = await rowCounts(t);
    // Only the try of the code was spent (an UPDATE); no user, session or credential appeared.
    expect(after).toEqual(before);
  });

  it('answers account exists (7) for a registered mobile', async () => {
    const mobile = uniqueMobile();
    await createAccount(t.app, { email: uniqueEmail(), mobile, password: PASSWORD, region: 'domestic' });
    const code = await requestCode(t, { purpose: 1, mobile }, DOMESTIC_HOST);
    const res = await register({ mobile, password: PASSWORD, code }, DOMESTIC_HOST);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 'error', code: 7, msg: 'account exists' });
  });

  it('lets exactly one of 10 concurrent registrations with one code succeed', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, { purpose: 1, email });
    const results = await Promise.all(Array.from({ length: 10 }, () => register({ email, password: PASSWORD, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const users = await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('lets the unique index pick exactly one of 10 concurrent creations of one e-mail', async () => {
    const email = uniqueEmail();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => createAccount(t.app, { email, password: PASSWORD, region: 'overseas' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refusals).toHaveLength(9);
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({ httpStatus: 409, msg: 'account exists', code: 8 });
    }
  });

  it('refuses a malformed X-Device-Id and writes nothing', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, { purpose: 1, email });
    const before = await rowCounts(t);
    const res = await register({ email, password: PASSWORD, code }, OVERSEAS_HOST, { 'x-device-id': 'x'.repeat(129) });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('invalid request');
    expect(await rowCounts(t)).toEqual(before);
  });
});
