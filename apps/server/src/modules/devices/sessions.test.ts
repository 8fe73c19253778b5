import {
  createTicketRoute,
  endSessionRoute,
  exchangeTicketRoute,
  getUserRoute,
  listSessionsRoute,
  notMeRoute,
  refreshRoute,
  resetPasswordRoute,
  signInHistoryRoute,
  signOutDeviceRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { countRows, login, PASSWORD, registerByEmail, requestCode } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller, type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import {
  activate,
  bearer,
  CHROME_AGENT,
  device,
  grantPersonal,
  signInOn,
  slotState,
  type SignIn,
} from './test-support.js';

/** An address of a documentation range (RFC 5737): public, so its location is not known. */
const PUBLIC_IP = '203.0.113.7';

describeOnEachDialect('where am I signed in, sign-in history and “this wasn’t me” on $name', (t) => {
  // These calls name no host, as a desktop client that sends none.
  const works = async (who: TestUser, token: string) =>
    (await call(t, getUserRoute, { as: { ...who, token }, host: null })).status === 200;

  describe('sessions', () => {
    it('lists live sessions with client, address, location where known, device and the current one', async () => {
      const ann = await testUser(t);
      const browser = await signInOn(t, ann, { userAgent: CHROME_AGENT, ip: PUBLIC_IP });
      t.clock.advance(60);
      const desktop = await signInOn(t, ann, { deviceId: 'ANN-PC', ip: '127.0.0.1' });
      await activate(t, desktop.token, ann.userId, 'diagram', device('ANN-PC', 'pc', 'Office PC'));
      await activate(t, desktop.token, ann.userId, 'mind-map', device('ANN-PC', 'pc', 'Office PC'));

      const res = await call(t, listSessionsRoute, { as: { ...ann, token: browser.token }, host: null });
      expect(res.status, res.raw.body).toBe(200);
      const body = res.ok();
      expect(body).toMatchObject({ status: 'success', code: 0, msg: 'ok', count: 3 });
      const [first, second, third] = body.data;
      // Most recently active first: the desktop (signed in and activated last), then the others.
      expect(first).toEqual({
        id: expect.any(String),
        current: false,
        method: 'password',
        client: { kind: 'app', name: 'MindMaster', version: '12.2.15', os: 'Windows' },
        ip: '127.0.0.1',
        location: 'local',
        device_id: 'ANN-PC',
        device: { device_name: 'Office PC', platform: 'pc', tag: 'PC', products: ['mind-map', 'diagram'] },
        signed_in_at: t.clock.now(),
        last_active_at: t.clock.now(),
        expires_at: t.clock.now() + t.config.refreshTokenTtl,
      });
      const byCurrent = [second, third].find((s) => s?.current);
      expect(byCurrent).toMatchObject({
        client: { kind: 'browser', name: 'Chrome', version: '124', os: 'Windows' },
        ip: PUBLIC_IP,
        location: null,
        device_id: null,
        device: null,
      });
      expect(JSON.stringify(body)).not.toContain(browser.token);
      expect(JSON.stringify(body)).not.toContain(browser.refresh_token);
    });

    it('signs out one session: its tokens are refused at once, the others go on', async () => {
      const bo = await testUser(t);
      const phone = await signInOn(t, bo, { deviceId: 'BO-PHONE' });
      const sessions = (await call(t, listSessionsRoute, { as: bo, host: null })).ok().data;
      const target = sessions.find((s) => s.device_id === 'BO-PHONE');
      expect(target).toBeDefined();

      const res = await call(t, endSessionRoute, { params: { sessionId: target?.id as string }, as: bo, host: null });
      expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: { current: false } });
      expect(await works(bo, phone.token)).toBe(false);
      const refresh = await call(t, refreshRoute, { body: { refresh_token: phone.refresh_token }, host: null });
      expect(refresh.status).toBe(401);
      expect(await works(bo, bo.token)).toBe(true);
      expect((await call(t, listSessionsRoute, { as: bo, host: null })).ok().count).toBe(1);

      // Ended already, unknown, or another user's session: 404, and nothing changes.
      const cy = await testUser(t);
      const cySession = (await call(t, listSessionsRoute, { as: cy, host: null })).ok().data[0]?.id as string;
      for (const id of [target?.id as string, 'no-such-session', cySession]) {
        const again = await call(t, endSessionRoute, { params: { sessionId: id }, as: bo, host: null });
        expect(again.status).toBe(404);
        expect(again.body).toEqual({ status: 'error', code: 0, msg: 'not found' });
      }
      expect(await works(cy, cy.token)).toBe(true);
    });

    it('signs out the caller’s own session when asked, and says so', async () => {
      const di = await testUser(t);
      const own = (await call(t, listSessionsRoute, { as: di, host: null })).ok().data.find((s) => s.current);
      const res = await call(t, endSessionRoute, { params: { sessionId: own?.id as string }, as: di, host: null });
      expect(res.ok().data).toEqual({ current: true });
      expect(await works(di, di.token)).toBe(false);
    });

    it('signs out and unbinds a device: its activations of every product go and every session on it ends', async () => {
      const ed = await testUser(t);
      await grantPersonal(t, ed, 'mind');
      const pc = await signInOn(t, ed, { deviceId: 'ED-PC' });
      const second = await signInOn(t, ed, { deviceId: 'ED-PC' });
      const laptop = await signInOn(t, ed, { deviceId: 'ED-LAPTOP' });
      await activate(t, pc.token, ed.userId, 'mind-map', device('ED-PC'));
      await activate(t, pc.token, ed.userId, 'project', device('ED-PC'));
      await activate(t, laptop.token, ed.userId, 'mind-map', device('ED-LAPTOP'));

      const res = await call(t, signOutDeviceRoute, { params: { deviceId: 'ED-PC' }, as: ed, host: null });
      expect(res.body).toEqual({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: { products: ['mind-map', 'project'], sessions_ended: 2, current: false },
      });
      expect(await works(ed, pc.token)).toBe(false);
      expect(await works(ed, second.token)).toBe(false);
      expect(await works(ed, laptop.token)).toBe(true);
      expect(await slotState(t, ed.userId, 'mind-map')).toMatchObject({ used: 1, devices: ['ED-LAPTOP'] });
      expect(await slotState(t, ed.userId, 'project')).toMatchObject({ used: 0, devices: [] });

      // A device with a session but no activation is signed out too; one with neither is 404.
      const tablet = await signInOn(t, ed, { deviceId: 'ED-TABLET' });
      expect(
        (await call(t, signOutDeviceRoute, { params: { deviceId: 'ED-TABLET' }, as: ed, host: null })).ok().data,
      ).toEqual({
        products: [],
        sessions_ended: 1,
        current: false,
      });
      expect(await works(ed, tablet.token)).toBe(false);
      expect((await call(t, signOutDeviceRoute, { params: { deviceId: 'ED-PC' }, as: ed, host: null })).status).toBe(
        404,
      );
    });
  });

  describe('sign-in history', () => {
    it('shows successes and failed attempts with method, client and location where known, newest first, paged', async () => {
      const fay = await testUser(t);
      t.clock.advance(10);
      const failed = await login(
        t,
        { account: fay.email, password: 'Wrong-Password-9' },
        { ip: PUBLIC_IP, headers: { 'user-agent': CHROME_AGENT } },
      );
      expect(failed.statusCode).toBe(400);
      t.clock.advance(10);
      await signInOn(t, fay, { ip: '192.168.1.20' });
      // Someone else's attempts never show here.
      const gus = await testUser(t);
      await login(t, { account: gus.email, password: 'Wrong-Password-9' });

      const res = await call(t, signInHistoryRoute, { as: fay, host: null });
      expect(res.status, res.raw.body).toBe(200);
      const body = res.ok();
      // The customer's own first sign-in, the failed attempt, the sign-in from the office network.
      expect(body.count).toBe(3);
      expect(body.data).toEqual([
        {
          id: expect.any(Number),
          at: t.clock.now(),
          result: 'success',
          method: 'password',
          client: { kind: 'app', name: 'MindMaster', version: '12.2.15', os: 'Windows' },
          ip: '192.168.1.20',
          location: 'local',
        },
        {
          id: expect.any(Number),
          at: t.clock.now() - 10,
          result: 'failure',
          method: 'password',
          client: { kind: 'browser', name: 'Chrome', version: '124', os: 'Windows' },
          ip: PUBLIC_IP,
          location: null,
        },
        expect.objectContaining({ at: t.clock.now() - 20, result: 'success', method: 'password' }),
      ]);

      const page = await call(t, signInHistoryRoute, { as: fay, query: { offset: 1, count: 1 }, host: null });
      expect(page.body).toMatchObject({ count: 3, data: [{ result: 'failure', ip: PUBLIC_IP }] });
      const past = await call(t, signInHistoryRoute, { as: fay, query: { offset: 3, count: 1 }, host: null });
      expect(past.body).toMatchObject({ count: 3, data: [] });
    });
  });

  it('counts the sign-in that registration starts', async () => {
    const reg = await registerByEmail(t, { headers: { 'user-agent': CHROME_AGENT } });
    const res = await call(t, signInHistoryRoute, { as: asCaller(reg), host: null });
    expect(res.body).toMatchObject({
      count: 1,
      data: [{ result: 'success', method: 'register', client: { kind: 'browser', name: 'Chrome' } }],
    });
  });

  describe('this wasn’t me', () => {
    it('ends every session, unbinds every device and asks for a new password before password sign-in works again', async () => {
      const hal = await testUser(t);
      await grantPersonal(t, hal, 'mind');
      const pc = await signInOn(t, hal, { deviceId: 'HAL-PC' });
      const phone = await signInOn(t, hal, { deviceId: 'HAL-PHONE' });
      await activate(t, pc.token, hal.userId, 'mind-map', device('HAL-PC'));
      await activate(t, phone.token, hal.userId, 'mind-map', device('HAL-PHONE', 'android', 'Phone'));
      await activate(t, pc.token, hal.userId, 'diagram', device('HAL-PC'));
      const ticket = await call(t, createTicketRoute, { as: { ...hal, token: pc.token }, host: null });
      expect(ticket.status).toBe(200);
      const history = (await call(t, signInHistoryRoute, { as: hal, host: null })).ok().data;

      const res = await call(t, notMeRoute, { as: hal, body: { event_id: history[0]?.id }, host: null });
      expect(res.body).toEqual({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: { sessions_ended: 3, devices_unbound: 3, password_withdrawn: true },
      });
      for (const token of [hal.token, pc.token, phone.token]) expect(await works(hal, token)).toBe(false);
      expect(await slotState(t, hal.userId, 'mind-map')).toMatchObject({ used: 0, devices: [] });
      expect(await slotState(t, hal.userId, 'diagram')).toMatchObject({ used: 0, devices: [] });
      const exchanged = await call(t, exchangeTicketRoute, { body: { ticket: ticket.ok().data.ticket }, host: null });
      expect(exchanged.status).toBe(401);

      // Password sign-in: a stable answer, whatever the password typed, recorded as a failure.
      for (const password of [PASSWORD, 'Some-Other-Guess-1']) {
        const attempt = await login(t, { account: hal.email.toUpperCase(), password });
        expect(attempt.statusCode).toBe(403);
        expect(attempt.json()).toEqual({ status: 'error', code: 1001, msg: 'password reset required' });
      }

      // A code proves the mailbox: quick sign-in still works, and the history shows the refusals.
      const quick = await login(t, {
        account: hal.email,
        code: await requestCode(t, { purpose: 8, email: hal.email }),
      });
      expect(quick.statusCode, quick.body).toBe(200);
      const signedIn = quick.json().data as SignIn;
      const after = (
        await call(t, signInHistoryRoute, { as: { ...hal, token: signedIn.token }, query: { count: 3 }, host: null })
      ).ok();
      expect(after.data.map((e) => [e.result, e.method])).toEqual([
        ['success', 'code'],
        ['failure', 'password'],
        ['failure', 'password'],
      ]);

      // Forgot password sets a new one; password sign-in works with it, and only with it.
      t.clock.advance(61);
      const reset = await call(t, resetPasswordRoute, {
        body: {
          account: hal.email,
          code: await requestCode(t, { purpose: 2, email: hal.email }),
          password: 'Brand-New-Lantern-77',
        },
        host: null,
      });
      expect(reset.status, reset.raw.body).toBe(200);
      expect((await login(t, { account: hal.email, password: 'Brand-New-Lantern-77' })).statusCode).toBe(200);
      expect((await login(t, { account: hal.email, password: PASSWORD })).json().msg).toBe(
        'account or password incorrect',
      );
    });

    it('refuses a sign-in event that is not the caller’s with 404, and changes nothing', async () => {
      const ivy = await testUser(t);
      const jo = await testUser(t);
      const joEvent = (await call(t, signInHistoryRoute, { as: jo, host: null })).ok().data[0]?.id as number;
      const res = await call(t, notMeRoute, { as: ivy, body: { event_id: joEvent }, host: null });
      expect(res.status).toBe(404);
      expect(await works(ivy, ivy.token)).toBe(true);
      expect((await login(t, { account: ivy.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('works without naming an event', async () => {
      const kai = await testUser(t);
      const res = await call(t, notMeRoute, { as: kai, body: {}, host: null });
      expect(res.ok().data).toEqual({ sessions_ended: 1, devices_unbound: 0, password_withdrawn: true });
      expect((await login(t, { account: kai.email, password: PASSWORD })).json().msg).toBe('password reset required');
    });
  });

  describe('bad input and other users', () => {
    it('refuses malformed ids, paging and bodies with 400, writing nothing', async () => {
      const lu = await testUser(t);
      const before = await Promise.all(
        (['sessions', 'devices', 'audit_events', 'credentials', 'password_withdrawals'] as const).map((table) =>
          countRows(t, table),
        ),
      );
      const as = { as: lu, host: null };
      const requests = [
        call(t, endSessionRoute, { ...as, params: { sessionId: 'has space' } }).then((r) => r.raw),
        call(t, endSessionRoute, { ...as, params: { sessionId: 'a'.repeat(65) } }).then((r) => r.raw),
        call(t, signOutDeviceRoute, { ...as, params: { deviceId: 'has space' } }).then((r) => r.raw),
        call(t, signInHistoryRoute, { ...as, query: { count: 0 } }).then((r) => r.raw),
        call(t, signInHistoryRoute, { ...as, query: { count: 51 } }).then((r) => r.raw),
        call(t, signInHistoryRoute, { ...as, query: { offset: -1 } }).then((r) => r.raw),
        call(t, notMeRoute, { ...as, body: { event_id: 0 } }).then((r) => r.raw),
        // An unknown query field, a wrong type and an unknown body field: outside the contract's types, sent by hand.
        t.app.inject({ method: 'GET', url: `/api/user/${lu.userId}/signin-history?page=2`, headers: bearer(lu.token) }),
        ...[{ event_id: 'latest' }, { everything: true }].map((payload) =>
          t.app.inject({ method: 'POST', url: `/api/user/${lu.userId}/not-me`, headers: bearer(lu.token), payload }),
        ),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg).toBe('invalid request');
      }
      const after = await Promise.all(
        (['sessions', 'devices', 'audit_events', 'credentials', 'password_withdrawals'] as const).map((table) =>
          countRows(t, table),
        ),
      );
      expect(after).toEqual(before);
      expect(await works(lu, lu.token)).toBe(true);
    });

    it('refuses another user’s sessions, history and “this wasn’t me” with 403', async () => {
      const mo = await testUser(t);
      const ned = await testUser(t);
      const nedSession = (await call(t, listSessionsRoute, { as: ned, host: null })).ok().data[0]?.id as string;
      const asMo = { as: mo, host: null };
      for (const res of [
        await call(t, listSessionsRoute, { ...asMo, params: { userId: ned.userId } }),
        await call(t, signInHistoryRoute, { ...asMo, params: { userId: ned.userId } }),
        await call(t, endSessionRoute, { ...asMo, params: { userId: ned.userId, sessionId: nedSession } }),
        await call(t, signOutDeviceRoute, { ...asMo, params: { userId: ned.userId, deviceId: 'NED-PC' } }),
        await call(t, notMeRoute, { ...asMo, params: { userId: ned.userId }, body: {} }),
      ]) {
        expect(res.status).toBe(403);
      }
      expect(await works(ned, ned.token)).toBe(true);
    });
  });
});
