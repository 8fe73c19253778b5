import {
  createTicketRoute,
  exchangeTicketRoute,
  getUserRoute,
  logoutRoute,
  refreshRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { bearer, login, PASSWORD, registerByEmail, type SignIn } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { deleteExpiredTokens } from './auth.repository.js';
import { asCaller } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';

describeOnEachDialect('sessions and tokens on $name', (t) => {
  // Sent with no Host header; the credential headers are the tests' own.
  const me = (s: Pick<SignIn, 'user_id' | 'token'>, headers: Record<string, string> = bearer(s.token)) =>
    call(t, getUserRoute, { params: { userId: s.user_id }, headers, host: null });
  const refresh = (refreshToken: string) =>
    call(t, refreshRoute, { body: { refresh_token: refreshToken }, host: null });
  const liveSessions = (userId: number) =>
    t.app.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).execute();

  describe('access tokens', () => {
    it('are read from the Bearer header or the token query parameter', async () => {
      const s = await registerByEmail(t);
      expect((await me(s)).status).toBe(200);
      expect((await me(s, { authorization: `bearer  ${s.token}` })).status).toBe(200);
      // By hand: ?token= is no part of the route's typed query.
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
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ status: 'error', code: 0, msg: 'unauthorized' });
      }
    });

    it('expire after the configured life with token expired, so the client refreshes', async () => {
      const s = await registerByEmail(t);
      t.clock.advance(t.config.accessTokenTtl - 1);
      expect((await me(s)).status).toBe(200);
      t.clock.advance(1);
      const expired = await me(s);
      expect(expired.status).toBe(401);
      expect(expired.body.msg).toBe('token expired');

      const renewed = await refresh(s.refresh_token);
      expect(renewed.status).toBe(200);
      expect((await me(renewed.ok().data)).status).toBe(200);
    });
  });

  describe('refresh', () => {
    it('rotates the pair within the same session', async () => {
      const s = await registerByEmail(t);
      const res = await refresh(s.refresh_token);
      expect(res.status).toBe(200);
      const next: SignIn = res.ok().data as SignIn;
      expect(next.user_id).toBe(s.user_id);
      expect(next.token).not.toBe(s.token);
      expect(next.refresh_token).not.toBe(s.refresh_token);
      expect(await liveSessions(s.user_id)).toHaveLength(1);
      expect((await refresh(next.refresh_token)).status).toBe(200);
    });

    it('ends the access token of the rotated refresh token at once, and only that one', async () => {
      const s = await registerByEmail(t);
      const next: SignIn = (await refresh(s.refresh_token)).ok().data as SignIn;
      // The replaced token is refused with `token expired`: a client racing its own refresh
      // retries with the new pair instead of signing in again.
      const replaced = await me(s);
      expect(replaced.status).toBe(401);
      expect(replaced.body.msg).toBe('token expired');
      expect((await me(next)).status).toBe(200);

      const third: SignIn = (await refresh(next.refresh_token)).ok().data as SignIn;
      expect((await me(next)).status).toBe(401);
      expect((await me(s)).status).toBe(401);
      expect((await me(third)).status).toBe(200);
    });

    it('keeps every pair of racing duplicates within the grace window, and ends the replaced one', async () => {
      const s = await registerByEmail(t);
      const first: SignIn = (await refresh(s.refresh_token)).ok().data as SignIn;
      const duplicate: SignIn = (await refresh(s.refresh_token)).ok().data as SignIn;
      expect((await me(s)).status).toBe(401);
      expect((await me(first)).status).toBe(200);
      expect((await me(duplicate)).status).toBe(200);
      // Each duplicate's pair ends with its own refresh token's rotation, not the other's.
      await refresh(duplicate.refresh_token);
      expect((await me(duplicate)).status).toBe(401);
      expect((await me(first)).status).toBe(200);
    });

    it('keeps a session alive while it is used', async () => {
      const s = await registerByEmail(t);
      let current: SignIn = s;
      for (let i = 0; i < 3; i++) {
        t.clock.advance(t.config.refreshTokenTtl - 60);
        const res = await refresh(current.refresh_token);
        expect(res.status).toBe(200);
        current = res.ok().data as SignIn;
      }
      expect((await me(current)).status).toBe(200);
    });

    it('gives a racing duplicate within the grace window a fresh pair of the same session', async () => {
      const s = await registerByEmail(t);
      expect((await refresh(s.refresh_token)).status).toBe(200);
      t.clock.advance(t.config.refreshGraceSeconds);
      const again = await refresh(s.refresh_token);
      expect(again.status).toBe(200);
      expect((await me(again.ok().data)).status).toBe(200);
      expect(await liveSessions(s.user_id)).toHaveLength(1);
    });

    it('revokes the whole session when a rotated token comes back after the grace window', async () => {
      const s = await registerByEmail(t);
      const next: SignIn = (await refresh(s.refresh_token)).ok().data as SignIn;
      t.clock.advance(t.config.refreshGraceSeconds + 1);

      const reuse = await refresh(s.refresh_token);
      expect(reuse.status).toBe(401);
      expect(reuse.body).toEqual({ status: 'error', code: 0, msg: 'invalid refresh token' });

      const session = await t.app.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', s.user_id)
        .executeTakeFirstOrThrow();
      expect(session.revoke_reason).toBe('refresh reuse');
      expect((await me(next)).body.msg).toBe('unauthorized');
      expect((await refresh(next.refresh_token)).status).toBe(401);
      const events = await t.app.db
        .selectFrom('audit_events')
        .select('kind')
        .where('user_id', '=', s.user_id)
        .execute();
      expect(events.map((e) => e.kind)).toContain('session.refresh_reuse');
    });

    it('refuses an unknown or expired refresh token', async () => {
      expect((await refresh('x'.repeat(43))).body.msg).toBe('invalid refresh token');
      const s = await registerByEmail(t);
      t.clock.advance(t.config.refreshTokenTtl);
      const res = await refresh(s.refresh_token);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('invalid refresh token');
    });

    it('leaves tokens to the sweep, which deletes those past their end and keeps a rotated one for reuse detection', async () => {
      const tokensOf = async (sessionId: string) => ({
        access: await t.app.db
          .selectFrom('access_tokens')
          .select('token_hash')
          .where('session_id', '=', sessionId)
          .execute(),
        refresh: await t.app.db
          .selectFrom('refresh_tokens')
          .select('rotated_at')
          .where('session_id', '=', sessionId)
          .execute(),
      });
      const s = await registerByEmail(t);
      const [session] = await liveSessions(s.user_id);
      const next: SignIn = (await refresh(s.refresh_token)).ok().data as SignIn;
      // The rotation added a pair and deleted nothing: the replaced access token is expired, not gone.
      expect(await tokensOf(session!.id)).toMatchObject({ access: { length: 2 }, refresh: { length: 2 } });
      expect((await me(s)).body.msg).toBe('token expired');

      expect(await deleteExpiredTokens(t.app.db, t.clock.now())).toBeGreaterThanOrEqual(1);
      const swept = await tokensOf(session!.id);
      expect(swept.access).toHaveLength(1);
      // Both refresh tokens stay within their life, the rotated one too.
      expect(swept.refresh.map((r) => r.rotated_at !== null).sort()).toEqual([false, true]);
      // Gone from the table, the replaced token still answers 401, so the client refreshes once.
      expect((await me(s)).body.msg).toBe('unauthorized');
      expect((await me(next)).status).toBe(200);
      t.clock.advance(t.config.refreshGraceSeconds + 1);
      expect((await refresh(s.refresh_token)).status).toBe(401);
      expect(await liveSessions(s.user_id)).toHaveLength(0);

      // Past the session's end every token of it goes.
      t.clock.advance(t.config.refreshTokenTtl);
      await deleteExpiredTokens(t.app.db, t.clock.now());
      expect(await tokensOf(session!.id)).toEqual({ access: [], refresh: [] });
    });

    it('leaves one live session after 20 concurrent refreshes with one token', async () => {
      const s = await registerByEmail(t);
      const results = await Promise.all(Array.from({ length: 20 }, () => refresh(s.refresh_token)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const sessions = await liveSessions(s.user_id);
      expect(sessions).toHaveLength(1);
      for (const res of results) {
        const pair = res.ok().data;
        expect((await me(pair)).status).toBe(200);
      }
      const last = results[19]!.ok().data as SignIn;
      expect((await refresh(last.refresh_token)).status).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends the session at once: its access and refresh tokens stop working', async () => {
      const s = await registerByEmail(t);
      const other: SignIn = (await login(t, { account: s.email, password: PASSWORD })).json().data;
      const res = await call(t, logoutRoute, { as: asCaller(s), host: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok' });

      expect((await me(s)).body).toEqual({ status: 'error', code: 0, msg: 'unauthorized' });
      expect((await refresh(s.refresh_token)).status).toBe(401);
      // The user's other session is untouched.
      expect((await me(other)).status).toBe(200);
      const revoked = await t.app.db
        .selectFrom('sessions')
        .select('revoke_reason')
        .where('user_id', '=', s.user_id)
        .where('revoked_at', 'is not', null)
        .execute();
      expect(revoked).toEqual([{ revoke_reason: 'logout' }]);
    });

    it('needs a valid token', async () => {
      const res = await call(t, logoutRoute, { host: null });
      expect(res.status).toBe(401);
    });
  });

  describe('one-time login tickets', () => {
    const createTicket = (s: SignIn) => call(t, createTicketRoute, { as: asCaller(s), host: null });
    const exchange = (ticket: string) => call(t, exchangeTicketRoute, { body: { ticket }, host: null });

    it('exchanges a ticket once for a new session of the same user', async () => {
      const s = await registerByEmail(t);
      const created = await createTicket(s);
      expect(created.status).toBe(200);
      const { ticket, user_id, expires_in } = created.ok().data;
      expect({ user_id, expires_in }).toEqual({ user_id: s.user_id, expires_in: 60 });
      const stored = await t.app.db.selectFrom('login_tickets').select('ticket_hash').execute();
      expect(stored.map((r) => r.ticket_hash)).not.toContain(ticket);

      const res = await exchange(ticket);
      expect(res.status).toBe(200);
      const session: SignIn = res.ok().data as SignIn;
      expect(session.user_id).toBe(s.user_id);
      expect((await me(session)).status).toBe(200);
      expect(await liveSessions(s.user_id)).toHaveLength(2);

      const again = await exchange(ticket);
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ status: 'error', msg: 'only once' });
    });

    it('refuses an expired or unknown ticket', async () => {
      const s = await registerByEmail(t);
      const { ticket } = (await createTicket(s)).ok().data;
      t.clock.advance(60);
      const late = await exchange(ticket);
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ status: 'error', code: 4, msg: 'expired' });
      expect((await exchange('y'.repeat(43))).status).toBe(401);
    });

    it('lets exactly one of 10 concurrent exchanges of a ticket succeed', async () => {
      const s = await registerByEmail(t);
      const { ticket } = (await createTicket(s)).ok().data;
      const results = await Promise.all(Array.from({ length: 10 }, () => exchange(ticket)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.msg === 'only once')).toHaveLength(9);
    });

    it('needs a signed-in caller to create one', async () => {
      expect((await call(t, createTicketRoute, { host: null })).status).toBe(401);
    });
  });
});
