import {
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  getUserRoute,
  replaceEmailRoute,
  replaceMobileRoute,
  type RouteBody,
  secondMobileRoute,
  unbindEmailRoute,
  unbindIdentityRoute,
  unbindMobileRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { createAccount } from '../auth/accounts.service.js';
import { lockOpenUserAddresses } from '../user/index.js';
import { writeAddress } from './account.service.js';
import {
  codeFor,
  DEFAULT_PASSWORD,
  DOMESTIC_HOST,
  infoOf,
  login,
  OVERSEAS_HOST,
  type Person,
  uniqueEmail,
  uniqueMobile,
} from './test-support.js';

const NEW_PASSWORD = 'Quiet-River-Stone-71';

describeOnEachDialect('account security items on $name', (t) => {
  const signIn = (account: string, password: string) => login(t, { account, password });

  describe('password', () => {
    it('changes the password with a code of purpose 6 and the current password, ending other sessions', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const other = (await signIn(me.email as string, DEFAULT_PASSWORD)).json().data.token as string;
      const code = await codeFor(t, 6, me.email as string);
      const res = await call(t, changePasswordRoute, {
        as: me,
        body: {
          via: 'email',
          code,
          password: NEW_PASSWORD,
          old_password: DEFAULT_PASSWORD,
        },
        host: DOMESTIC_HOST,
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok' });
      expect((await signIn(me.email as string, DEFAULT_PASSWORD)).statusCode).toBe(400);
      expect((await signIn(me.email as string, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await call(t, getUserRoute, { as: { ...me, token: other }, host: DOMESTIC_HOST })).status).toBe(401);
      expect((await call(t, getUserRoute, { as: me, host: DOMESTIC_HOST })).status).toBe(200);
    });

    it('refuses a missing or wrong current password, a weak one and a code of another purpose; nothing changes', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const email = me.email as string;
      const code = await codeFor(t, 6, email);
      const cases: [RouteBody<typeof changePasswordRoute>, number, string, number][] = [
        [{ via: 'email', code, password: NEW_PASSWORD }, 400, 'password required', 2],
        [
          { via: 'email', code, password: NEW_PASSWORD, old_password: 'Wrong-Password-1' },
          400,
          // Named apart from sign-in's failure, so the form can say which field is wrong.
          'current password incorrect',
          2,
        ],
        [{ via: 'email', code, password: '12345678', old_password: DEFAULT_PASSWORD }, 400, 'weak password', 2],
        [{ via: 'email', code, password: DEFAULT_PASSWORD, old_password: DEFAULT_PASSWORD }, 400, 'same password', 6],
        [{ via: 'mobile', code, password: NEW_PASSWORD, old_password: DEFAULT_PASSWORD }, 400, 'not bound', 0],
      ];
      for (const [body, status, msg, errorCode] of cases) {
        const res = await call(t, changePasswordRoute, { as: me, body, host: DOMESTIC_HOST });
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body).toMatchObject({ status: 'error', msg, code: errorCode });
      }
      const wrongPurpose = await codeFor(t, 3, email);
      const res = await call(t, changePasswordRoute, {
        as: me,
        body: {
          via: 'email',
          code: wrongPurpose,
          password: NEW_PASSWORD,
          old_password: DEFAULT_PASSWORD,
        },
        host: DOMESTIC_HOST,
      });
      // The purpose-6 code sent first is still the one that counts: these digits do not match it.
      expect(res.body).toMatchObject({ msg: 'invalid code', code: 3 });
      expect((await signIn(email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    });

    it('sets a first password on a mobile account with an SMS code, without a current one', async () => {
      const me = await testUser(t, { via: 'mobile' });
      expect((await infoOf(t, me)).hasPwd).toBe(false);
      const code = await codeFor(t, 6, me.mobile as string);
      const res = await call(t, changePasswordRoute, { as: me, body: { via: 'mobile', code, password: NEW_PASSWORD } });
      expect(res.status, res.raw.body).toBe(200);
      expect((await infoOf(t, me)).hasPwd).toBe(true);
      expect((await signIn(me.mobile as string, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an SMS code route outside the domestic region', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const res = await call(t, changePasswordRoute, {
        as: me,
        body: { via: 'mobile', code: '123456', password: NEW_PASSWORD },
        host: OVERSEAS_HOST,
      });
      expect(res.body).toMatchObject({ msg: 'not available in this region' });
    });
  });

  describe('e-mail', () => {
    it('binds an e-mail to a mobile account with a code of purpose 4 sent to that e-mail', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const email = uniqueEmail('bind');
      const res = await call(t, bindEmailRoute, {
        as: me,
        body: { email: email.toUpperCase(), code: await codeFor(t, 4, email) },
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data.email).toBe(email);
    });

    it('refuses a code that was sent to another address, and a code of purpose 3', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const email = uniqueEmail('mine');
      const otherCode = await codeFor(t, 4, uniqueEmail('other'));
      const res = await call(t, bindEmailRoute, { as: me, body: { email, code: otherCode } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ msg: 'expired', code: 4 });
      const oldCheck = await codeFor(t, 3, email);
      expect((await call(t, bindEmailRoute, { as: me, body: { email, code: oldCheck } })).body).toMatchObject({
        msg: 'expired',
      });
      expect((await infoOf(t, me)).email).toBeNull();
    });

    it('refuses a second binding and an e-mail of another account (code 8)', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const other = await testUser(t, { region: 'overseas' });
      const again = await call(t, bindEmailRoute, {
        as: me,
        body: { email: uniqueEmail(), code: '123456' },
        host: DOMESTIC_HOST,
      });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('already bound');

      const mobileOnly = await testUser(t, { via: 'mobile' });
      const taken = await call(t, bindEmailRoute, {
        as: mobileOnly,
        body: {
          email: other.email,
          code: await codeFor(t, 4, other.email as string),
        },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ msg: 'account exists', code: 8 });
      expect((await infoOf(t, mobileOnly)).email).toBeNull();
    });

    it('replaces the e-mail with codes from the old (3) and the new (4) address', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const next = uniqueEmail('next');
      const oldCode = await codeFor(t, 3, me.email as string);
      const newCode = await codeFor(t, 4, next);
      const swapped = await call(t, replaceEmailRoute, {
        as: me,
        body: { old_code: newCode, email: next, code: oldCode },
        host: DOMESTIC_HOST,
      });
      expect(swapped.status).toBe(400);
      const res = await call(t, replaceEmailRoute, {
        as: me,
        body: { old_code: oldCode, email: next, code: newCode },
        host: DOMESTIC_HOST,
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data.email).toBe(next);
      expect((await signIn(next, DEFAULT_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(me.email as string, DEFAULT_PASSWORD)).statusCode).toBe(400);
    });

    it('refuses to unbind the only sign-in method (only bind) and changes nothing', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const res = await call(t, unbindEmailRoute, { as: me, body: { code: '123456' }, host: DOMESTIC_HOST });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'only bind' });
      expect((await infoOf(t, me)).email).toBe(me.email);
    });

    it('counts the phone only in the domestic region when unbinding the e-mail', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const email = uniqueEmail('both');
      await call(t, bindEmailRoute, { as: me, body: { email, code: await codeFor(t, 4, email) } });
      const overseas = await call(t, unbindEmailRoute, { as: me, body: { code: '123456' }, host: OVERSEAS_HOST });
      expect(overseas.body.msg).toBe('only bind');
      const res = await call(t, unbindEmailRoute, { as: me, body: { code: await codeFor(t, 3, email) } });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data).toMatchObject({ email: null, mobile: me.mobile });
    });
  });

  describe('mobile', () => {
    it('binds a phone in the domestic region only, one account per number (code 7)', async () => {
      const me = await testUser(t, { region: 'overseas' });
      const mobile = uniqueMobile();
      const abroad = await call(t, bindMobileRoute, { as: me, body: { mobile, code: '123456' }, host: OVERSEAS_HOST });
      expect(abroad.body.msg).toBe('not available in this region');
      const res = await call(t, bindMobileRoute, {
        as: me,
        body: { mobile, code: await codeFor(t, 4, mobile) },
        host: DOMESTIC_HOST,
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data.mobile).toBe(mobile);

      const other = await testUser(t, { region: 'overseas' });
      const taken = await call(t, bindMobileRoute, {
        as: other,
        body: { mobile, code: await codeFor(t, 4, mobile) },
        host: DOMESTIC_HOST,
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ msg: 'account exists', code: 7 });
    });

    it('replaces and unbinds the phone, but not the only one', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const next = uniqueMobile();
      const replaced = await call(t, replaceMobileRoute, {
        as: me,
        body: {
          old_code: await codeFor(t, 3, me.mobile as string),
          mobile: next,
          code: await codeFor(t, 4, next),
        },
      });
      expect(replaced.status, replaced.raw.body).toBe(200);
      expect(replaced.ok().data.mobile).toBe(next);
      const only = await call(t, unbindMobileRoute, { as: me, body: { code: '123456' } });
      expect(only.body.msg).toBe('only bind');

      const email = uniqueEmail();
      await call(t, bindEmailRoute, { as: me, body: { email, code: await codeFor(t, 4, email) } });
      const res = await call(t, unbindMobileRoute, { as: me, body: { code: await codeFor(t, 3, next) } });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data.mobile).toBeNull();
    });

    it('lets exactly one of two racing unbinds through, so one sign-in method always remains', async () => {
      for (let round = 0; round < 3; round++) {
        const me = await testUser(t, { via: 'mobile' });
        const email = uniqueEmail('race');
        await call(t, bindEmailRoute, { as: me, body: { email, code: await codeFor(t, 4, email) } });
        const emailCode = await codeFor(t, 3, email);
        const mobileCode = await codeFor(t, 3, me.mobile as string);
        const results = await Promise.all([
          call(t, unbindEmailRoute, { as: me, body: { code: emailCode } }),
          call(t, unbindMobileRoute, { as: me, body: { code: mobileCode } }),
        ]);
        const statuses = results.map((r) => r.status).sort();
        expect(statuses, results.map((r) => r.raw.body).join(' ')).toEqual([200, 409]);
        expect(results.find((r) => r.status === 409)?.body.msg).toBe('only bind');
        const info = await infoOf(t, me);
        expect([info.email, info.mobile].filter((v) => v !== null)).toHaveLength(1);
      }
    });
  });

  describe('second mobile', () => {
    it('binds and unbinds a second mobile that cannot sign in', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const second = uniqueMobile();
      const same = await call(t, secondMobileRoute, {
        as: me,
        body: { operate: 1, mobile: me.mobile, code: '123456' },
      });
      expect(same.status).toBe(400);
      const bound = await call(t, secondMobileRoute, {
        as: me,
        body: {
          operate: 1,
          mobile: second,
          code: await codeFor(t, 4, second),
        },
      });
      expect(bound.status, bound.raw.body).toBe(200);
      expect(bound.ok().data).toMatchObject({ mobile: me.mobile, second_mobile: second });

      const quick = await login(t, { account: second, code: await codeFor(t, 8, second) });
      expect(quick.json()).toMatchObject({ status: 'error', msg: 'not exists' });

      const other = await testUser(t, { via: 'mobile' });
      const taken = await call(t, secondMobileRoute, {
        as: other,
        body: {
          operate: 1,
          mobile: second,
          code: await codeFor(t, 4, second),
        },
      });
      expect(taken.body).toMatchObject({ msg: 'account exists', code: 7 });

      const unbound = await call(t, secondMobileRoute, {
        as: me,
        body: { operate: 2, code: await codeFor(t, 3, second) },
      });
      expect(unbound.status, unbound.raw.body).toBe(200);
      expect(unbound.ok().data.second_mobile).toBeNull();
    });

    it('refuses the account’s own sign-in phone as its second mobile, and the reverse, before a code is spent', async () => {
      const me = await testUser(t, { via: 'mobile' });
      const own = await call(t, secondMobileRoute, { as: me, body: { operate: 1, mobile: me.mobile, code: '123456' } });
      expect(own.status).toBe(400);
      expect(own.body).toMatchObject({ status: 'error', msg: 'own number' });

      const second = uniqueMobile();
      await call(t, secondMobileRoute, {
        as: me,
        body: { operate: 1, mobile: second, code: await codeFor(t, 4, second) },
      });
      const code = await codeFor(t, 4, second);
      const replaced = await call(t, replaceMobileRoute, {
        as: me,
        body: { old_code: '123456', mobile: second, code },
      });
      expect(replaced.body).toMatchObject({ msg: 'own number' });
      // The refusal spent no try of the code: it still works where the number may go.
      const other = await testUser(t, { region: 'overseas' });
      const taken = await call(t, bindMobileRoute, { as: other, body: { mobile: second, code }, host: DOMESTIC_HOST });
      expect(taken.body).toMatchObject({ msg: 'account exists', code: 7 });
      expect(await infoOf(t, me)).toMatchObject({ mobile: me.mobile, second_mobile: second });
    });

    it('refuses another account’s sign-in phone as a second mobile, and another account’s second mobile as a phone (code 7)', async () => {
      const owner = await testUser(t, { via: 'mobile' });
      const me = await testUser(t, { via: 'mobile' });
      const res = await call(t, secondMobileRoute, {
        as: me,
        body: {
          operate: 1,
          mobile: owner.mobile,
          code: await codeFor(t, 4, owner.mobile as string),
        },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ msg: 'account exists', code: 7 });
      expect((await infoOf(t, me)).second_mobile).toBeNull();

      const second = uniqueMobile();
      await call(t, secondMobileRoute, {
        as: me,
        body: { operate: 1, mobile: second, code: await codeFor(t, 4, second) },
      });
      const emailOnly = await testUser(t, { region: 'overseas' });
      const asPhone = await call(t, bindMobileRoute, {
        as: emailOnly,
        body: {
          mobile: second,
          code: await codeFor(t, 4, second),
        },
        host: DOMESTIC_HOST,
      });
      expect(asPhone.body).toMatchObject({ msg: 'account exists', code: 7 });
      expect((await infoOf(t, emailOnly)).mobile).toBeNull();
      // Nor can a new account sign up with it.
      await expect(createAccount(t.app, { mobile: second, region: 'domestic' })).rejects.toMatchObject({
        httpStatus: 409,
        code: 7,
      });

      // Unbound, the number is free for anyone.
      await call(t, secondMobileRoute, { as: me, body: { operate: 2, code: await codeFor(t, 3, second) } });
      const freed = await call(t, bindMobileRoute, {
        as: emailOnly,
        body: { mobile: second, code: await codeFor(t, 4, second) },
        host: DOMESTIC_HOST,
      });
      expect(freed.status, freed.raw.body).toBe(200);
    });

    it('gives a number to one account only when writes race past every check (the database decides)', async () => {
      // Through the API the number's newest code is spent once, so two accounts cannot both
      // get as far as the write; a sign-up, a bind and a second-mobile bind with codes sent
      // moments apart can. Here the writes themselves race, each under its account's lock.
      for (let round = 0; round < 3; round++) {
        const number = uniqueMobile();
        const [phoneSeeker, secondSeeker] = [
          await testUser(t, { region: 'overseas' }),
          await testUser(t, { region: 'overseas' }),
        ];
        const write = (who: Person, column: 'mobile' | 'second_mobile') =>
          t.app.db.transaction().execute(async (trx) => {
            await lockOpenUserAddresses(trx, who.userId, t.clock.now());
            await writeAddress(trx, who.userId, column, number, t.clock.now());
          });
        const results = await Promise.allSettled([write(phoneSeeker, 'mobile'), write(secondSeeker, 'second_mobile')]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
        expect(failure).toMatchObject({ httpStatus: 409, msg: 'account exists', code: 7 });
        const holders = [(await infoOf(t, phoneSeeker)).mobile, (await infoOf(t, secondSeeker)).second_mobile];
        expect(holders.filter((value) => value === number)).toHaveLength(1);
      }
    });
  });

  describe('third-party sign-in', () => {
    const addIdentity = (who: Person, provider: 'weixin' | 'qq' | 'google') =>
      t.app.db
        .insertInto('identities')
        .values({ provider, subject: `${provider}-${who.userId}`, user_id: who.userId, created_at: t.clock.now() })
        .execute();

    it('unbinds WeChat while the phone remains; then the phone is the only method', async () => {
      const me = await testUser(t, { via: 'mobile' });
      await addIdentity(me, 'weixin');
      expect((await infoOf(t, me)).weixin).toBe(true);
      const res = await call(t, unbindIdentityRoute, { params: { provider: 'weixin' }, as: me });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.ok().data.weixin).toBe(false);
      expect((await call(t, unbindIdentityRoute, { params: { provider: 'weixin' }, as: me })).body.msg).toBe(
        'not bound',
      );
      expect((await call(t, unbindMobileRoute, { as: me, body: { code: '123456' } })).body.msg).toBe('only bind');
    });

    it('does not count QQ overseas, and refuses to unbind it when it is the only domestic method left', async () => {
      const me = await testUser(t, { region: 'overseas' });
      await addIdentity(me, 'qq');
      const overseas = await call(t, unbindEmailRoute, { as: me, body: { code: '123456' }, host: OVERSEAS_HOST });
      expect(overseas.body.msg).toBe('only bind');
      const res = await call(t, unbindEmailRoute, {
        as: me,
        body: { code: await codeFor(t, 3, me.email as string) },
        host: DOMESTIC_HOST,
      });
      expect(res.status, res.raw.body).toBe(200);
      expect(
        (await call(t, unbindIdentityRoute, { params: { provider: 'qq' }, as: me, host: DOMESTIC_HOST })).body.msg,
      ).toBe('only bind');
      expect((await infoOf(t, me)).qq).toBe(true);
    });
  });
});
