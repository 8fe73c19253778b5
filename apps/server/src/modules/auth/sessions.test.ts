import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, PASSWORD, registerByEmail, type SignIn } from '../../../test/helpers/auth.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';

describe.each(dialects)('sessions and tokens on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const me = (s: SignIn, headers: Record<string, string> = bearer(s.token)) =>
    t.app.inject({ method: 'GET', url: `/api/user/${s.user_id}`, headers });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });
  const liveSessions = (userId: number) =>
    t.app.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).execute();

  describe('access tokens', () => {
    it('are read from the Bearer header or the token query parameter', async () => {
      const s = await registerByEmail(t);
      expect((await me(s)).statusCode).toBe(200);
      expect((await me(s, { authorization: `bearer  ${s.token}` })).statusCode).toBe(200);
      const byQuery = await t.app.inject({ method: 'GET', url: `/api/user/${s.user_id}?token=${s.token}` });
      expect(byQuery.statusCode).toBe(200);
    });

    it('are stored only as hashes', async () => {
      const s = await registerByEmail(t);
      const rows = await t.app.db.selectFrom('access_tokens').select('token_hash').execute();
      const refreshRows = await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).not.toContain(s.token);
      expect(refreshRows.map((r) => r.token_hash)).not.toContain(s.refresh_token);
    });

    it('answer 401 unauthorized when missing, unknown or malformed', async () => {
      const s = await registerByEmail(t);
      for (const headers of [
        {},
        bearer('unknown-token-unknown-token'),
        { authorization: 'Basic abc' },
        { authorization: 'Bearer' },
      ]) {
        const res = await me(s, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 'error', code: 0, msg: 'unauthorized' });
      }
    });

    it('expire after the configured life with token expired, so the client refreshes', async () => {
      const s = await registerByEmail(t);
      t.clock.advance(t.config.accessTokenTtl - 1);
      expect((await me(s)).statusCode).toBe(200);
      t.clock.advance(1);
      const expired = await me(s);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().msg).toBe('token expired');

      const renewed = await refresh(s.refresh_token);
      expect(renewed.statusCode).toBe(200);
      expect((await me(renewed.json().data)).statusCode).toBe(200);
    });
  });

  describe('refresh', () => {
    it('rotates the pair within the same session', async () => {
      const s = await registerByEmail(t);
      const res = await refresh(s.refresh_token);
      expect(res.statusCode).toBe(200);
      const next: SignIn = res.json().data;
      expect(next.user_id).toBe(s.user_id);
      expect(next.token).not.toBe(s.token);
      expect(next.refresh_token).not.toBe(s.refresh_token);
      expect(await liveSessions(s.user_id)).toHaveLength(1);
      expect((await refresh(next.refresh_token)).statusCode).toBe(200);
    });

    it('ends the access token of the rotated refresh token at once, and only that one', async () => {
      const s = await registerByEmail(t);
      const next: SignIn = (await refresh(s.refresh_token)).json().data;
      // The replaced token is refused with `token expired`: a client racing its own refresh
      // retries with the new pair instead of signing in again.
      const replaced = await me(s);
      expect(replaced.statusCode).toBe(401);
      expect(replaced.json().msg).toBe('token expired');
      expect((await me(next)).statusCode).toBe(200);

      const third: SignIn = (await refresh(next.refresh_token)).json().data;
      expect((await me(next)).statusCode).toBe(401);
      expect((await me(s)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(200);
    });

    it('keeps every pair of racing duplicates within the grace window, and ends the replaced one', async () => {
      const s = await registerByEmail(t);
      const first: SignIn = (await refresh(s.refresh_token)).json().data;
      const duplicate: SignIn = (await refresh(s.refresh_token)).json().data;
      expect((await me(s)).statusCode).toBe(401);
      expect((await me(first)).statusCode).toBe(200);
      expect((await me(duplicate)).statusCode).toBe(200);
      // Each duplicate's pair ends with its own refresh token's rotation, not the other's.
      await refresh(duplicate.refresh_token);
      expect((await me(duplicate)).statusCode).toBe(401);
      expect((await me(first)).statusCode).toBe(200);
    });

    it('keeps a session alive while it is used', async () => {
      const s = await registerByEmail(t);
      let current = s;
      for (let i = 0; i < 3; i++) {
        t.clock.advance(t.config.refreshTokenTtl - 60);
        const res = await refresh(current.refresh_token);
        expect(res.statusCode).toBe(200);
        current = res.json().data;
      }
      expect((await me(current)).statusCode).toBe(200);
    });

    it('gives a racing duplicate within the grace window a fresh pair of the same session', async () => {
      const s = await registerByEmail(t);
      expect((await refresh(s.refresh_token)).statusCode).toBe(200);
      t.clock.advance(t.config.refreshGraceSeconds);
      const again = await refresh(s.refresh_token);
      expect(again.statusCode).toBe(200);
      expect((await me(again.json().data)).statusCode).toBe(200);
      expect(await liveSessions(s.user_id)).toHaveLength(1);
    });

    it('revokes the whole session when a rotated token comes back after the grace window', async () => {
      const s = await registerByEmail(t);
      const next: SignIn = (await refresh(s.refresh_token)).json().data;
      t.clock.advance(t.config.refreshGraceSeconds + 1);

      const reuse = await refresh(s.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ status: 'error', code: 0, msg: 'invalid refresh token' });

      const session = await t.app.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', s.user_id)
        .executeTakeFirstOrThrow();
      expect(session.revoke_reason).toBe('refresh reuse');
      expect((await me(next)).json().msg).toBe('unauthorized');
      expect((await refresh(next.refresh_token)).statusCode).toBe(401);
      const events = await t.app.db
        .selectFrom('audit_events')
        .select('kind')
        .where('user_id', '=', s.user_id)
        .execute();
      expect(events.map((e) => e.kind)).toContain('session.refresh_reuse');
    });

    it('refuses an unknown or expired refresh token', async () => {
      expect((await refresh('x'.repeat(43))).json().msg).toBe('invalid refresh token');
      const s = await registerByEmail(t);
      t.clock.advance(t.config.refreshTokenTtl);
      const res = await refresh(s.refresh_token);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('invalid refresh token');
    });

    it('leaves one live session after 20 concurrent refreshes with one token', async () => {
      const s = await registerByEmail(t);
      const results = await Promise.all(Array.from({ length: 20 }, () => refresh(s.refresh_token)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const sessions = await liveSessions(s.user_id);
      expect(sessions).toHaveLength(1);
      for (const res of results) {
        const pair: SignIn = res.json().data;
        expect((await me(pair)).statusCode).toBe(200);
      }
      const last: SignIn = results[19]!.json().data;
      expect((await refresh(last.refresh_token)).statusCode).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends the session at once: its access and refresh tokens stop working', async () => {
      const s = await registerByEmail(t);
      const other: SignIn = (await login(t, { account: s.email, password: PASSWORD })).json().data;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', code: 0, msg: 'ok' });

      expect((await me(s)).json()).toEqual({ status: 'error', code: 0, msg: 'unauthorized' });
      expect((await refresh(s.refresh_token)).statusCode).toBe(401);
      // The user's other session is untouched.
      expect((await me(other)).statusCode).toBe(200);
      const revoked = await t.app.db
        .selectFrom('sessions')
        .select('revoke_reason')
        .where('user_id', '=', s.user_id)
        .where('revoked_at', 'is not', null)
        .execute();
      expect(revoked).toEqual([{ revoke_reason: 'logout' }]);
    });

    it('needs a valid token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('one-time login tickets', () => {
    const createTicket = (s: SignIn) =>
      t.app.inject({ method: 'POST', url: '/api/auth/ticket', headers: bearer(s.token) });
    const exchange = (ticket: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/ticket/exchange', payload: { ticket } });

    it('exchanges a ticket once for a new session of the same user', async () => {
      const s = await registerByEmail(t);
      const created = await createTicket(s);
      expect(created.statusCode).toBe(200);
      const { ticket, user_id, expires_in } = created.json().data;
      expect({ user_id, expires_in }).toEqual({ user_id: s.user_id, expires_in: 60 });
      const stored = await t.app.db.selectFrom('login_tickets').select('ticket_hash').execute();
      expect(stored.map((r) => r.ticket_hash)).not.toContain(ticket);

      const res = await exchange(ticket);
      expect(res.statusCode).toBe(200);
      const session: SignIn = res.json().data;
      expect(session.user_id).toBe(s.user_id);
      expect((await me(session)).statusCode).toBe(200);
      expect(await liveSessions(s.user_id)).toHaveLength(2);

      const again = await exchange(ticket);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ status: 'error', msg: 'only once' });
    });

    it('refuses an expired or unknown ticket', async () => {
      const s = await registerByEmail(t);
      const { ticket } = (await createTicket(s)).json().data;
      t.clock.advance(60);
      const late = await exchange(ticket);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ status: 'error', code: 4, msg: 'expired' });
      expect((await exchange('y'.repeat(43))).statusCode).toBe(401);
    });

    it('lets exactly one of 10 concurrent exchanges of a ticket succeed', async () => {
      const s = await registerByEmail(t);
      const { ticket } = (await createTicket(s)).json().data;
      const results = await Promise.all(Array.from({ length: 10 }, () => exchange(ticket)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.json().msg === 'only once')).toHaveLength(9);
    });

    it('needs a signed-in caller to create one', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/ticket' })).statusCode).toBe(401);
    });
  });
});
