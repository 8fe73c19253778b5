import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  DOMESTIC_HOST,
  login,
  PASSWORD,
  registerByEmail,
  requestCode,
  uniqueEmail,
  uniqueIp,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { createAccount } from './accounts.service.js';
import { signInLimits } from './throttle.js';

const NEW_PASSWORD = 'Fresh-Meadow-Lamp-9';

describe.each(dialects)('password reset on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const reset = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload });

  it('sets the new password with a code of purpose 2 and ends every session', async () => {
    const account = await registerByEmail(t);
    const second = (await login(t, { account: account.email, password: PASSWORD })).json().data;
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 0, msg: 'ok' });

    for (const session of [account, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/user/${account.user_id}`,
        headers: bearer(session.token),
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await login(t, { account: account.email, password: PASSWORD })).statusCode).toBe(400);
    expect((await login(t, { account: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // The code was used.
    expect((await reset({ account: account.email, code, password: 'Other-Meadow-Lamp-9' })).json().msg).toBe('expired');
  });

  it('refuses a common password before spending a code try', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: 'iloveyou1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 2, msg: 'weak password' });
    const row = await t.app.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('target', '=', account.email)
      .where('purpose', '=', 2)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers same password (6) when the new password is the current one', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 6, msg: 'same password' });
  });

  it('does not accept a code of another purpose', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 8, email: account.email });
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).json()).toMatchObject({
      code: 4,
      msg: 'expired',
    });
  });

  it('tells only the holder of a valid code that no account exists', async () => {
    const email = uniqueEmail('nobody');
    expect((await reset({ account: email, code: '123456', password: NEW_PASSWORD })).json().msg).toBe('expired');
    const code = await requestCode(t, { purpose: 2, email });
    const res = await reset({ account: email, code, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 1, msg: 'not exists' });
  });

  it('lets a mobile account without a password set one', async () => {
    const mobile = uniqueMobile();
    await createAccount(t.app, { mobile, region: 'domestic' });
    const code = await requestCode(t, { purpose: 2, mobile }, DOMESTIC_HOST);
    expect((await reset({ account: mobile, code, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(t, { account: mobile, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('lifts the account lock, since the owner proved the mailbox', async () => {
    const account = await registerByEmail(t);
    const ip = uniqueIp();
    for (let i = 0; i <= signInLimits.accountAtAddress.limit; i++) {
      await login(t, { account: account.email, password: 'Wrong-Password-1' }, { ip });
    }
    expect((await login(t, { account: account.email, password: PASSWORD }, { ip })).statusCode).toBe(429);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(t, { account: account.email, password: NEW_PASSWORD }, { ip })).statusCode).toBe(200);
  });

  it("ends the account's wait across addresses too", async () => {
    const email = uniqueEmail('slowed');
    await createAccount(t.app, { email, password: PASSWORD, region: 'overseas' });
    for (let i = 0; i < signInLimits.account.freeTries; i++) {
      await login(t, { account: email, password: 'Wrong-Password-1' }, { ip: `10.99.${i}.1` });
    }
    expect((await login(t, { account: email, password: PASSWORD })).statusCode).toBe(429);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email });
    expect((await reset({ account: email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
    const quick = await Promise.all([0, 1].map(() => login(t, { account: email, password: 'Wrong-Password-1' })));
    expect(quick.map((r) => r.statusCode)).toEqual([400, 400]);
  });

  it('ends pending login tickets too', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const { ticket } = (
      await t.app.inject({ method: 'POST', url: '/api/auth/ticket', headers: bearer(account.token) })
    ).json().data;
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/ticket/exchange', payload: { ticket } });
    expect(res.statusCode).toBe(401);
  });
});
