import {
  createTicketRoute,
  exchangeTicketRoute,
  getUserRoute,
  refreshRoute,
  resetPasswordRoute,
  type RouteBody,
} from '@account-centre/contract';
import { expect, it } from 'vitest';
import {
  DOMESTIC_HOST,
  login,
  PASSWORD,
  registerByEmail,
  requestCode,
  uniqueEmail,
  uniqueIp,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { createAccount } from './accounts.service.js';
import { signInLimits } from './throttle.js';

const NEW_PASSWORD = 'Fresh-Meadow-Lamp-9';

describeOnEachDialect('password reset on $name', (t) => {
  // Sent with no Host header.
  const reset = (body: RouteBody<typeof resetPasswordRoute>) => call(t, resetPasswordRoute, { body, host: null });

  it('sets the new password with a code of purpose 2 and ends every session', async () => {
    const account = await registerByEmail(t);
    const second = (await login(t, { account: account.email, password: PASSWORD })).json().data;
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok' });

    for (const session of [account, second]) {
      const me = await call(t, getUserRoute, {
        as: asCaller({ user_id: account.user_id, token: session.token }),
        host: null,
      });
      expect(me.status).toBe(401);
      const refreshed = await call(t, refreshRoute, { body: { refresh_token: session.refresh_token }, host: null });
      expect(refreshed.status).toBe(401);
    }
    expect((await login(t, { account: account.email, password: PASSWORD })).statusCode).toBe(400);
    expect((await login(t, { account: account.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // The code was used.
    expect((await reset({ account: account.email, code, password: 'Other-Meadow-Lamp-9' })).body.msg).toBe('expired');
  });

  it('refuses a common password before spending a code try', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: 'iloveyou1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 2, msg: 'weak password' });
    const row = await t.app.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('target', '=', account.email)
      .where('purpose', '=', 2)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers same password (6) when the new password is the current one', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const res = await reset({ account: account.email, code, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 6, msg: 'same password' });
  });

  it('does not accept a code of another purpose', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 8, email: account.email });
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).body).toMatchObject({
      code: 4,
      msg: 'expired',
    });
  });

  it('tells only the holder of a valid code that no account exists', async () => {
    const email = uniqueEmail('nobody');
    expect((await reset({ account: email, code: '123456', password: NEW_PASSWORD })).body.msg).toBe('expired');
    const code = await requestCode(t, { purpose: 2, email });
    const res = await reset({ account: email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', code: 1, msg: 'not exists' });
  });

  it('lets a mobile account without a password set one', async () => {
    const mobile = uniqueMobile();
    await createAccount(t.app, { mobile, region: 'domestic' });
    const code = await requestCode(t, { purpose: 2, mobile }, DOMESTIC_HOST);
    expect((await reset({ account: mobile, code, password: NEW_PASSWORD })).status).toBe(200);
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
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).status).toBe(200);
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
    expect((await reset({ account: email, code, password: NEW_PASSWORD })).status).toBe(200);
    const quick = await Promise.all([0, 1].map(() => login(t, { account: email, password: 'Wrong-Password-1' })));
    expect(quick.map((r) => r.statusCode)).toEqual([400, 400]);
  });

  it('ends pending login tickets too', async () => {
    const account = await registerByEmail(t);
    t.clock.advance(60);
    const code = await requestCode(t, { purpose: 2, email: account.email });
    const { ticket } = (await call(t, createTicketRoute, { as: asCaller(account), host: null })).ok().data;
    expect((await reset({ account: account.email, code, password: NEW_PASSWORD })).status).toBe(200);
    const res = await call(t, exchangeTicketRoute, { body: { ticket }, host: null });
    expect(res.status).toBe(401);
  });
});
