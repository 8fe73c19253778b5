import {
  BIND_LINK_PARAM,
  BIND_LINK_TTL_SECONDS,
  createBindLinkRoute,
  createTicketRoute,
  describeBindLinkRoute,
  exchangeTicketRoute,
  getBindLinkStateRoute,
  registerRoute,
  type RouteBody,
  sendCodeRoute,
  VerificationLimits,
} from '@account-centre/contract';
import { InsertQueryNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  DOMESTIC_HOST,
  login,
  OVERSEAS_HOST,
  PASSWORD,
  registerByEmail,
  requestCode,
  type SignIn,
  uniqueEmail,
  uniqueIp,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { asCaller, testUser } from '../../../test/helpers/users.js';
import { TICKET_TTL_SECONDS } from './auth.service.js';
import { insertCode } from './codes.repository.js';
import { codeHash, sendCode } from './codes.service.js';
import { keptPastEnd, sweepSignInRecords } from './record-sweep.js';
import { reserveSignInTry, signInLimits } from './throttle.js';

const incorrect = { status: 'error', code: 2, msg: 'account or password incorrect' };
const limited = { status: 'error', code: 16, msg: 'login limit' };

describeOnEachDialect('the sweep of sign-in records on $name', (t, dialect) => {
  const sweep = () => sweepSignInRecords(t.app.db, t.clock.now());

  /**
   * This app's database, on which another instance sweeps right after the first insert (a no-op
   * when the row is there already); `afterSweep` runs then, on the other instance's database.
   */
  const sweptAfterFirstInsert = async (afterSweep: (otherDb: typeof t.app.db) => Promise<void> = async () => {}) => {
    const other = await t.anotherInstance();
    const inserts = new WeakSet<object>();
    const state = { swept: false };
    const db = t.app.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        if (InsertQueryNode.is(node)) inserts.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (!state.swept && inserts.has(queryId)) {
          state.swept = true;
          await sweepSignInRecords(other.db, t.clock.now());
          await afterSweep(other.db);
        }
        return result;
      },
    });
    return { db, state };
  };

  describe('throttle rows', () => {
    const { accountAtAddress, account: ceiling } = signInLimits;
    const wrong = (account: string, ip: string) => login(t, { account, password: 'Wrong-Password-1' }, { ip });
    const right = (account: string, ip: string) => login(t, { account, password: PASSWORD }, { ip });
    /** The failures counted under the address, the account at the address and the account. */
    const rowsOf = async (account: string, ip: string, db = t.app.db) => {
      const rows = await db
        .selectFrom('login_throttle')
        .select(['key', 'failures'])
        .where((eb) => eb.or([eb('account', '=', account), eb('key', '=', `ip:${ip}`)]))
        .execute();
      const ofThisAddress = rows.filter((row) => !row.key.startsWith('pair:') || row.key.endsWith(`@${ip}`));
      return Object.fromEntries(ofThisAddress.map((row) => [row.key.split(':')[0], row.failures]));
    };
    const spendFreeTries = async (account: string) => {
      for (let done = 0; done < ceiling.freeTries;) {
        const ip = uniqueIp();
        for (let i = 0; i < accountAtAddress.limit && done < ceiling.freeTries; i++, done++) {
          expect((await wrong(account, ip)).json()).toEqual(incorrect);
        }
      }
    };

    it('keeps a locked pair until its lock is over, and an address until its window is', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      expect((await wrong(account.email, ip)).json()).toEqual(incorrect);
      // The window starts now; the fifth failure, later in it, locks the pair beyond its end.
      const later = 600;
      t.clock.advance(later);
      for (let i = 1; i < accountAtAddress.limit; i++) {
        expect((await wrong(account.email, ip)).json()).toEqual(incorrect);
      }
      expect((await right(account.email, ip)).json()).toEqual(limited);

      await sweep();
      expect(await rowsOf(account.email, ip)).toEqual({ ip: 5, pair: 5, account: 5 });
      expect((await right(account.email, ip)).json()).toEqual(limited);

      // The window is over, the lock is not: the address's row goes, the pair's stays.
      t.clock.advance(accountAtAddress.windowSeconds - later + keptPastEnd.throttle);
      await sweep();
      expect(await rowsOf(account.email, ip)).toEqual({ pair: 5, account: 5 });
      expect((await right(account.email, ip)).json()).toEqual(limited);

      t.clock.advance(later + accountAtAddress.lockSeconds - accountAtAddress.windowSeconds - 1);
      await sweep();
      expect(await rowsOf(account.email, ip)).toMatchObject({ pair: 5, account: 5 });
      t.clock.advance(1);
      await sweep();
      // The account's own count is remembered for 12 hours after its last try.
      expect(await rowsOf(account.email, ip)).not.toHaveProperty('pair');
      expect(await rowsOf(account.email, ip)).toMatchObject({ account: 5 });
      expect((await right(account.email, ip)).statusCode).toBe(200);
    });

    it("keeps an account's count and wait across sweeps until 12 hours after its last try", async () => {
      const email = uniqueEmail('swept');
      await spendFreeTries(email);
      const waitOf = async () => {
        const res = await wrong(email, uniqueIp());
        expect(res.json()).toMatchObject(limited);
        return res.json().data.retry_after as number;
      };
      expect(await waitOf()).toBe(ceiling.firstDelaySeconds);
      await sweep();
      expect(await waitOf()).toBe(ceiling.firstDelaySeconds);

      // The count goes on where it was: the next failure doubles the wait.
      t.clock.advance(ceiling.firstDelaySeconds);
      await sweep();
      expect((await wrong(email, uniqueIp())).json()).toEqual(incorrect);
      expect(await waitOf()).toBe(ceiling.firstDelaySeconds * 2);

      const accountRow = () =>
        t.app.db.selectFrom('login_throttle').select('failures').where('key', '=', `account:${email}`).execute();
      t.clock.advance(ceiling.quietResetSeconds + keptPastEnd.throttle - 1);
      await sweep();
      expect(await accountRow()).toEqual([{ failures: ceiling.freeTries + 1 }]);
      t.clock.advance(1);
      await sweep();
      expect(await accountRow()).toEqual([]);
      // As after a quiet spell with the row there: the count starts again.
      for (let i = 0; i < 3; i++) expect((await wrong(email, uniqueIp())).json()).toEqual(incorrect);
    });

    it("keeps an account's row from before last tries were recorded while its wait runs", async () => {
      const email = uniqueEmail('old-row');
      const now = t.clock.now();
      await t.app.db
        .insertInto('login_throttle')
        .values({
          key: `account:${email}`,
          account: email,
          window_started_at: now - 7200,
          failures: 5,
          locked_until: now + 600,
          last_try_at: null,
        })
        .execute();
      const held = async () => (await wrong(email, uniqueIp())).json();
      expect(await held()).toEqual({ ...limited, data: { retry_after: 600 } });
      await sweep();
      expect(await held()).toEqual({ ...limited, data: { retry_after: 600 } });

      const row = () =>
        t.app.db.selectFrom('login_throttle').select('key').where('key', '=', `account:${email}`).execute();
      t.clock.advance(600 + keptPastEnd.throttle - 1);
      await sweep();
      expect(await row()).toHaveLength(1);
      t.clock.advance(1);
      await sweep();
      expect(await row()).toHaveLength(0);
      expect(await held()).toEqual(incorrect);
    });

    it('evaluates a sign-in whose spent rows another instance deletes between making and taking them', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      expect((await wrong(account.email, ip)).json()).toEqual(incorrect);
      t.clock.advance(ceiling.quietResetSeconds + keptPastEnd.throttle);
      const { db, state } = await sweptAfterFirstInsert(async (otherDb) => {
        expect(await rowsOf(account.email, ip, otherDb)).toEqual({});
      });
      await reserveSignInTry(db, { account: account.email, ip }, t.clock.now());
      expect(state.swept).toBe(true);
      expect(await rowsOf(account.email, ip)).toEqual({ ip: 1, pair: 1, account: 1 });
    });
  });

  describe('verification codes', () => {
    const register = (body: RouteBody<typeof registerRoute>) => call(t, registerRoute, { body, host: OVERSEAS_HOST });
    const send = (email: string) => call(t, sendCodeRoute, { body: { purpose: 1, email }, host: OVERSEAS_HOST });
    const codesOf = (email: string) =>
      t.app.db.selectFrom('verification_codes').select('id').where('target', '=', email).execute();

    it('leaves a live code usable and a used one answered only once', async () => {
      const account = await registerByEmail(t);
      t.clock.advance(VerificationLimits.resendAfterSeconds);
      const code = await requestCode(t, { purpose: 8, email: account.email });
      await sweep();
      expect((await login(t, { account: account.email, code })).statusCode).toBe(200);
      const onlyOnce = { status: 'error', code: 4, msg: 'only once' };
      expect((await login(t, { account: account.email, code })).json()).toEqual(onlyOnce);
      await sweep();
      expect((await login(t, { account: account.email, code })).json()).toEqual(onlyOnce);
    });

    it('deletes codes a day past their end; an ended code answers expired before and after', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 1, email });
      t.clock.advance(VerificationLimits.lifetimeSeconds);
      const expired = { status: 'error', code: 4, msg: 'expired' };
      expect((await register({ email, password: PASSWORD, code })).body).toEqual(expired);

      t.clock.advance(keptPastEnd.codes - 1);
      await sweep();
      expect(await codesOf(email)).toHaveLength(1);
      expect((await register({ email, password: PASSWORD, code })).body).toEqual(expired);
      t.clock.advance(1);
      await sweep();
      expect(await codesOf(email)).toHaveLength(0);
      expect((await register({ email, password: PASSWORD, code })).body).toEqual(expired);
    });

    it('never makes an older code that outlives the newest one usable again', async () => {
      // An older code with a longer life, as a release with another lifetime would have left.
      const email = uniqueEmail();
      const now = t.clock.now();
      const older = '123456';
      await insertCode(t.app.db, {
        target: email,
        purpose: 1,
        code_hash: codeHash(t.config.secretKey, 1, email, older),
        created_at: now - 60,
        expires_at: now + 3600,
      });
      await requestCode(t, { purpose: 1, email });
      t.clock.advance(VerificationLimits.lifetimeSeconds);
      const expired = { status: 'error', code: 4, msg: 'expired' };
      expect((await register({ email, password: PASSWORD, code: older })).body).toEqual(expired);
      await sweep();
      expect(await codesOf(email)).toHaveLength(2);
      expect((await register({ email, password: PASSWORD, code: older })).body).toEqual(expired);
    });

    it('leaves the daily send limit as it was', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < VerificationLimits.maxSendsPerDay; i++) {
        expect((await send(email)).status).toBe(200);
        t.clock.advance(VerificationLimits.resendAfterSeconds);
      }
      const before = await send(email);
      expect(before.body).toMatchObject({ code: 10, msg: 'code count limit' });
      await sweep();
      expect((await send(email)).body).toEqual(before.body);
    });

    const windowOf = (email: string) =>
      t.app.db.selectFrom('code_send_windows').selectAll().where('target', '=', email).executeTakeFirst();

    it('deletes a send window once its day and spacing are over, and the next send starts a new one', async () => {
      const email = uniqueEmail();
      expect((await send(email)).status).toBe(200);
      t.clock.advance(86_400 + keptPastEnd.sendWindows - 1);
      await sweep();
      expect(await windowOf(email)).toBeDefined();
      t.clock.advance(1);
      await sweep();
      expect(await windowOf(email)).toBeUndefined();
      expect((await send(email)).status).toBe(200);
      expect(await windowOf(email)).toMatchObject({ day_count: 1, day_started_at: t.clock.now() });
      // Within its spacing the new window holds as any other.
      expect((await send(email)).body).toMatchObject({ code: 5, msg: 'too frequent' });
    });

    // On SQLite the send's write transaction holds the database: no sweep can come in between.
    it.skipIf(dialect.name === 'sqlite')(
      'sends a code whose spent window another instance deletes between making and claiming it',
      async () => {
        const email = uniqueEmail();
        expect((await send(email)).status).toBe(200);
        t.clock.advance(86_400 + keptPastEnd.sendWindows);
        const { db, state } = await sweptAfterFirstInsert();
        await sendCode({ ...t.app, db }, { purpose: 1, channel: 'email', target: email }, 'overseas', 'en');
        expect(state.swept).toBe(true);
        expect(await windowOf(email)).toMatchObject({ day_count: 1, last_sent_at: t.clock.now() });
      },
    );
  });

  describe('login tickets', () => {
    const createTicket = async (s: SignIn) =>
      (await call(t, createTicketRoute, { as: asCaller(s), host: null })).ok().data.ticket;
    const exchange = async (ticket: string) => {
      const res = await call(t, exchangeTicketRoute, { body: { ticket }, host: null });
      return { status: res.status, body: res.body };
    };
    const onlyOnce = { status: 401, body: { status: 'error', code: 15, msg: 'only once' } };
    const expired = { status: 401, body: { status: 'error', code: 4, msg: 'expired' } };

    it('leaves a live ticket that signs in after a sweep', async () => {
      const s = await registerByEmail(t);
      const ticket = await createTicket(s);
      await sweep();
      expect((await exchange(ticket)).status).toBe(200);
    });

    it('keeps used and unused tickets a day past their end, answering as before, then deletes them', async () => {
      const s = await registerByEmail(t);
      const used = await createTicket(s);
      expect((await exchange(used)).status).toBe(200);
      const unused = await createTicket(s);
      await sweep();
      expect(await exchange(used)).toEqual(onlyOnce);

      t.clock.advance(TICKET_TTL_SECONDS);
      await sweep();
      expect(await exchange(used)).toEqual(onlyOnce);
      expect(await exchange(unused)).toEqual(expired);

      const ticketsOf = () => t.app.db.selectFrom('login_tickets').select('used_at').where('user_id', '=', s.user_id);
      t.clock.advance(keptPastEnd.tickets - 1);
      await sweep();
      expect(await ticketsOf().execute()).toHaveLength(2);
      expect(await exchange(used)).toEqual(onlyOnce);
      expect(await exchange(unused)).toEqual(expired);
      t.clock.advance(1);
      await sweep();
      expect(await ticketsOf().execute()).toHaveLength(0);
      // Gone, they answer as an unknown ticket: still 401, with the same remedy.
      const unknown = { status: 401, body: { status: 'error', code: 15, msg: 'unauthorized' } };
      expect(await exchange(used)).toEqual(unknown);
      expect(await exchange(unused)).toEqual(unknown);
    });
  });

  describe('phone-binding links', () => {
    it('leaves them: an ended link answers expired for as long as it is there', async () => {
      const me = await testUser(t);
      const created = (await call(t, createBindLinkRoute, { as: me, host: DOMESTIC_HOST })).ok().data;
      const token = new URL(created.url).searchParams.get(BIND_LINK_PARAM) as string;
      t.clock.advance(BIND_LINK_TTL_SECONDS + keptPastEnd.codes + keptPastEnd.tickets);
      await me.signInAgain();
      const answers = async () => ({
        state: (await call(t, getBindLinkStateRoute, { as: me, host: DOMESTIC_HOST })).ok().data.state,
        lookup: (await call(t, describeBindLinkRoute, { body: { token }, host: DOMESTIC_HOST })).body,
      });
      const before = await answers();
      expect(before).toMatchObject({ state: 'expired', lookup: { msg: 'link expired' } });
      await sweep();
      expect(await answers()).toEqual(before);
    });
  });
});
