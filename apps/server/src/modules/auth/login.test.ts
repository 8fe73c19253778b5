import { getUserRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
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
import { auditDetails } from '../../../test/helpers/audit.js';

const incorrect = { status: 'error', code: 2, msg: 'account or password incorrect' };
const limited = { status: 'error', code: 16, msg: 'login limit' };

describeOnEachDialect('sign-in on $name', (t) => {
  const auditOf = (userId: number) =>
    t.app.db.selectFrom('audit_events').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  describe('with a password', () => {
    it('signs in, records the session and a login.success event', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      const res = await login(
        t,
        { account: account.email, password: PASSWORD },
        { ip, headers: { 'user-agent': 'Agent/2', 'x-device-id': 'pc-42' } },
      );
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toEqual({
        user_id: account.user_id,
        token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: t.config.accessTokenTtl,
      });
      const me = await call(t, getUserRoute, { as: asCaller(data), host: null });
      expect(me.status).toBe(200);

      const sessions = await t.app.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', account.user_id)
        .where('method', '=', 'password')
        .execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ ip, user_agent: 'Agent/2', device_id: 'pc-42', revoked_at: null });

      const events = await auditOf(account.user_id);
      const success = events.find((e) => e.kind === 'login.success');
      expect(success).toMatchObject({ ip, user_agent: 'Agent/2' });
      expect(JSON.parse(success?.detail ?? '{}')).toEqual({ method: 'password' });
    });

    it('accepts the e-mail in any letter case, and a mobile number', async () => {
      const mobile = uniqueMobile();
      const email = uniqueEmail();
      await createAccount(t.app, { email, mobile, password: PASSWORD, region: 'domestic' });
      expect((await login(t, { account: ` ${email.toUpperCase()} `, password: PASSWORD })).statusCode).toBe(200);
      expect((await login(t, { account: mobile, password: PASSWORD })).statusCode).toBe(200);
    });

    it('gives one answer for a wrong password, an unknown account and an account without password', async () => {
      const account = await registerByEmail(t);
      const mobileOnly = uniqueMobile();
      await createAccount(t.app, { mobile: mobileOnly, region: 'domestic' });
      const answers = [
        await login(t, { account: account.email, password: 'Wrong-Password-1' }),
        await login(t, { account: uniqueEmail('nobody'), password: 'Wrong-Password-1' }),
        await login(t, { account: mobileOnly, password: 'Wrong-Password-1' }),
        await login(t, { account: 'not an account', password: 'Wrong-Password-1' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(incorrect);
      }
    });

    it('takes about as long for an unknown account as for a wrong password', async () => {
      const account = await registerByEmail(t);
      const time = async (payload: Record<string, string>) => {
        const started = performance.now();
        await login(t, payload);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time({ account: account.email, password: `Wrong-Password-${i}` }));
        unknown.push(await time({ account: uniqueEmail('ghost'), password: 'Wrong-Password-1' }));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[1] as number;
      // Without the dummy argon2 run an unknown account answers in about a millisecond.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    });

    it('records failures without the password tried', async () => {
      const account = await registerByEmail(t);
      const secret = 'Never-Logged-Secret-7';
      await login(t, { account: account.email, password: secret });
      const events = await auditOf(account.user_id);
      const failure = events.find((e) => e.kind === 'login.failure');
      expect(failure).toBeDefined();
      expect(JSON.stringify(events)).not.toContain(secret);
    });
  });

  describe('brute-force limits', () => {
    const wrong = (account: string, ip: string) => login(t, { account, password: 'Wrong-Password-1' }, { ip });
    const { accountAtAddress, account: ceiling } = signInLimits;
    /** Fails the account's free tries from as many addresses as that takes, none of them locked. */
    const spendFreeTries = async (account: string) => {
      for (let done = 0; done < ceiling.freeTries;) {
        const ip = uniqueIp();
        for (let i = 0; i < accountAtAddress.limit && done < ceiling.freeTries; i++, done++) {
          expect((await wrong(account, ip)).json()).toEqual(incorrect);
        }
      }
    };
    const waitOf = (res: { statusCode: number; json(): { data?: { retry_after?: number } } }) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject(limited);
      return res.json().data?.retry_after;
    };

    it('locks an account at one address after 5 failures for 15 minutes, even for the right password', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      for (let i = 0; i < accountAtAddress.limit; i++) {
        expect((await wrong(account.email, ip)).json()).toEqual(incorrect);
      }
      const locked = await login(t, { account: account.email, password: PASSWORD }, { ip });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(limited);

      t.clock.advance(accountAtAddress.lockSeconds);
      expect((await login(t, { account: account.email, password: PASSWORD }, { ip })).statusCode).toBe(200);
    });

    it('lets the owner sign in from another address while an attacker has locked one', async () => {
      const account = await registerByEmail(t);
      const attacker = uniqueIp();
      for (let i = 0; i < accountAtAddress.limit + 3; i++) await wrong(account.email, attacker);
      expect((await wrong(account.email, attacker)).json()).toEqual(limited);

      const owner = await login(t, { account: account.email, password: PASSWORD }, { ip: uniqueIp() });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().data.user_id).toBe(account.user_id);
      // The attacker's address stays locked: the owner's success elsewhere does not free it.
      expect((await wrong(account.email, attacker)).json()).toEqual(limited);
    });

    it('locks an unknown account the same way', async () => {
      const email = uniqueEmail('ghost');
      const ip = uniqueIp();
      for (let i = 0; i < accountAtAddress.limit; i++) {
        expect((await wrong(email, ip)).json()).toEqual(incorrect);
      }
      const locked = await wrong(email, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(limited);
    });

    it('starts the count afresh after a successful sign-in', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < accountAtAddress.limit - 1; i++) await wrong(account.email, ip);
        expect((await login(t, { account: account.email, password: PASSWORD }, { ip })).statusCode).toBe(200);
      }
    });

    it('evaluates at most 5 of 20 concurrent guesses at one account from one address', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(t, { account: account.email, password: `Wrong-Password-${i}` }, { ip }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(accountAtAddress.limit);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - accountAtAddress.limit);
      expect(await auditDetails(t.app.db, account.user_id, 'login.failure')).toHaveLength(accountAtAddress.limit);
    });

    it('evaluates 5 concurrent guesses per address when two addresses guess at once', async () => {
      const email = uniqueEmail('pair-race');
      const [first, second] = [uniqueIp(), uniqueIp()];
      const results = await Promise.all(
        [first, second].flatMap((ip) => Array.from({ length: 15 }, () => wrong(email, ip).then((r) => ({ ip, r })))),
      );
      for (const ip of [first, second]) {
        const mine = results.filter((x) => x.ip === ip).map((x) => x.r.statusCode);
        expect(mine.filter((status) => status === 400)).toHaveLength(accountAtAddress.limit);
        expect(mine.filter((status) => status === 429)).toHaveLength(15 - accountAtAddress.limit);
      }
    });

    it('slows an account tried from many addresses with a doubling wait, and lets its owner in after it', async () => {
      const account = await registerByEmail(t);
      await spendFreeTries(account.email);

      // Each further try waits twice as long as the one before, up to the maximum.
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        const wait = waitOf(await wrong(account.email, uniqueIp()));
        waits.push(wait as number);
        t.clock.advance(wait as number);
        expect((await wrong(account.email, uniqueIp())).json()).toEqual(incorrect);
      }
      const expected = waits.map((_, i) => Math.min(ceiling.firstDelaySeconds * 2 ** i, ceiling.maxDelaySeconds));
      expect(waits).toEqual(expected);
      expect(waits.at(-1)).toBe(ceiling.maxDelaySeconds);

      // The owner is held up by the running wait, never locked out beyond it.
      const ownerIp = uniqueIp();
      const held = waitOf(await login(t, { account: account.email, password: PASSWORD }, { ip: ownerIp }));
      expect(held).toBe(ceiling.maxDelaySeconds);
      t.clock.advance(held as number);
      expect((await login(t, { account: account.email, password: PASSWORD }, { ip: ownerIp })).statusCode).toBe(200);
      // The owner's success starts the account's count afresh.
      expect((await wrong(account.email, uniqueIp())).json()).toEqual(incorrect);
      expect((await wrong(account.email, uniqueIp())).json()).toEqual(incorrect);
    });

    it("forgets an account's count after 12 hours without a try", async () => {
      const email = uniqueEmail('quiet');
      await spendFreeTries(email);
      expect(waitOf(await wrong(email, uniqueIp()))).toBe(ceiling.firstDelaySeconds);
      t.clock.advance(ceiling.quietResetSeconds);
      for (let i = 0; i < 3; i++) expect((await wrong(email, uniqueIp())).json()).toEqual(incorrect);
    });

    it('evaluates at most 50 of 60 concurrent guesses at one account from 60 addresses', async () => {
      const email = uniqueEmail('ceiling-race');
      const results = await Promise.all(Array.from({ length: 60 }, () => wrong(email, uniqueIp())));
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(ceiling.freeTries);
      const refused = results.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(60 - ceiling.freeTries);
      for (const res of refused) expect(waitOf(res)).toBe(ceiling.firstDelaySeconds);

      // Past the free tries, a burst gets one try per wait.
      t.clock.advance(ceiling.firstDelaySeconds);
      const burst = await Promise.all(Array.from({ length: 10 }, () => wrong(email, uniqueIp())));
      expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(1);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(9);
    });

    it('locks an IP address after 50 failures across accounts', async () => {
      const ip = uniqueIp();
      const account = await registerByEmail(t);
      for (let i = 0; i < signInLimits.ip.limit; i++) {
        const res = await login(t, { account: uniqueEmail('spray'), password: 'Wrong-Password-1' }, { ip });
        expect(res.json()).toEqual(incorrect);
      }
      const blocked = await login(t, { account: account.email, password: PASSWORD }, { ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(limited);
      // The account itself is not locked: another address signs in.
      expect((await login(t, { account: account.email, password: PASSWORD }, { ip: uniqueIp() })).statusCode).toBe(200);
    });
  });

  describe('with a code (quick login, purpose 8)', () => {
    it('signs in with a code from the mailbox, once', async () => {
      const account = await registerByEmail(t);
      t.clock.advance(60);
      const code = await requestCode(t, { purpose: 8, email: account.email });
      const res = await login(t, { account: account.email, code });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_id).toBe(account.user_id);
      const session = await t.app.db
        .selectFrom('sessions')
        .select('method')
        .where('user_id', '=', account.user_id)
        .where('method', '=', 'code')
        .executeTakeFirst();
      expect(session).toBeDefined();
      expect((await login(t, { account: account.email, code })).json()).toMatchObject({ code: 4, msg: 'only once' });
    });

    it('refuses a code sent again after its success as used, without counting it against the owner', async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      t.clock.advance(60);
      const code = await requestCode(t, { purpose: 8, email: account.email });
      expect((await login(t, { account: account.email, code }, { ip })).statusCode).toBe(200);
      for (let i = 0; i < signInLimits.accountAtAddress.limit + 2; i++) {
        const again = await login(t, { account: account.email, code }, { ip });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({ status: 'error', code: 4, msg: 'only once' });
      }
      expect((await login(t, { account: account.email, password: PASSWORD }, { ip })).statusCode).toBe(200);
    });

    it("signs in once of 40 concurrent submits of one code, and the owner's password still works", async () => {
      const account = await registerByEmail(t);
      const ip = uniqueIp();
      t.clock.advance(60);
      const code = await requestCode(t, { purpose: 8, email: account.email });
      const results = await Promise.all(
        Array.from({ length: 40 }, () => login(t, { account: account.email, code }, { ip })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      // The others were refused as used or held back while the first ones were evaluated.
      for (const res of results.filter((r) => r.statusCode !== 200)) {
        expect([{ status: 'error', code: 4, msg: 'only once' }, limited]).toContainEqual(res.json());
      }
      const owner = await login(t, { account: account.email, password: PASSWORD }, { ip });
      expect(owner.statusCode).toBe(200);
    });

    it('signs in a mobile account with an SMS code', async () => {
      const mobile = uniqueMobile();
      const { user_id } = await createAccount(t.app, { mobile, region: 'domestic' });
      const code = await requestCode(t, { purpose: 8, mobile }, DOMESTIC_HOST);
      const res = await login(t, { account: mobile, code });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_id).toBe(user_id);
    });

    it('refuses a wrong code and a code of another purpose', async () => {
      const account = await registerByEmail(t);
      t.clock.advance(60);
      const code = await requestCode(t, { purpose: 2, email: account.email });
      expect((await login(t, { account: account.email, code })).json()).toMatchObject({ code: 4, msg: 'expired' });
      t.clock.advance(60);
      const quick = await requestCode(t, { purpose: 8, email: account.email });
      const wrong = quick === '000000' ? '000001' : '000000';
      expect((await login(t, { account: account.email, code: wrong })).json()).toEqual({
        status: 'error',
        code: 3,
        msg: 'invalid code',
      });
    });

    it('answers expired for a code sent to something that is neither an address nor a number', async () => {
      const res = await login(t, { account: 'nobody-at-all', code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', code: 4, msg: 'expired' });
    });

    it('tells only the holder of a valid code that no account exists', async () => {
      const email = uniqueEmail('newcomer');
      const guess = await login(t, { account: email, code: '123456' });
      expect(guess.json()).toMatchObject({ code: 4, msg: 'expired' });
      const code = await requestCode(t, { purpose: 8, email });
      const res = await login(t, { account: email, code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', code: 1, msg: 'not exists' });
    });
  });
});
