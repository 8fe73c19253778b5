import { createHash } from 'node:crypto';
import {
  bindByLinkRoute,
  bindMobileRoute,
  createBindLinkRoute,
  describeBindLinkRoute,
  getBindLinkStateRoute,
  type RouteBody,
  secondMobileRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { qrSvg } from '../../lib/qr.js';
import { maskedAccount } from './bind-link.service.js';
import { codeFor, DOMESTIC_HOST, infoOf, login, OVERSEAS_HOST, type Person, uniqueMobile } from './test-support.js';
import { auditDetails } from '../../../test/helpers/audit.js';

describe('masked account of a link', () => {
  it('shows the e-mail’s first two characters, else the nickname’s', () => {
    expect(maskedAccount({ email: 'ada@example.com', nick_name: 'Ada' })).toBe('ad****');
    expect(maskedAccount({ email: null, nick_name: 'Grace Hopper' })).toBe('Gr****');
    expect(maskedAccount({ email: null, nick_name: '小明' })).toBe('小****');
    expect(maskedAccount({ email: null, nick_name: '😀😀😀' })).toBe('😀😀****');
  });
});

describeOnEachDialect('binding a phone by link on $name', (t) => {
  const createLink = async (who: Person, host = DOMESTIC_HOST) => call(t, createBindLinkRoute, { as: who, host });
  const newLink = async (who: Person) => {
    const res = await createLink(who);
    expect(res.status, res.raw.body).toBe(200);
    const data = res.ok().data;
    return { ...data, token: new URL(data.url).searchParams.get('bind_link') as string };
  };
  const stateOf = async (who: Person) =>
    (await call(t, getBindLinkStateRoute, { as: who, host: DOMESTIC_HOST })).ok().data;
  const lookup = (token: string, host = DOMESTIC_HOST) => call(t, describeBindLinkRoute, { body: { token }, host });
  const bind = (body: RouteBody<typeof bindByLinkRoute>, host = DOMESTIC_HOST) =>
    call(t, bindByLinkRoute, { body, host });

  it('makes a one-time link on the caller’s host with its QR code, keeping only the token’s hash', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const link = await newLink(me);
    const url = new URL(link.url);
    expect(url.origin).toBe(`http://${DOMESTIC_HOST}`);
    expect(url.pathname).toBe('/account');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ expires_in: 600, expires_at: t.clock.now() + 600 });
    expect(link.qr_svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(link.qr_svg).toBe(qrSvg(link.url));

    const rows = await t.app.db.selectFrom('phone_bind_links').selectAll().where('user_id', '=', me.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(link.token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(await stateOf(me)).toEqual({ state: 'waiting', expires_at: link.expires_at });
  });

  it('says whose account a link binds to, masked, and binds a phone that then signs in', async () => {
    const me = await testUser(t, { region: 'overseas' });
    expect(await stateOf(me)).toEqual({ state: 'none', expires_at: null });
    const link = await newLink(me);
    const described = await lookup(link.token);
    expect(described.status, described.raw.body).toBe(200);
    expect(described.ok().data).toEqual({
      account: (me.email as string).slice(0, 2) + '****',
      expires_at: link.expires_at,
    });

    const mobile = uniqueMobile();
    const res = await bind({ token: link.token, mobile, code: await codeFor(t, 4, mobile) });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.ok().data).toEqual({ account: described.ok().data.account });
    expect((await infoOf(t, me)).mobile).toBe(mobile);
    expect((await stateOf(me)).state).toBe('bound');

    const quick = await login(
      t,
      { account: mobile, code: await codeFor(t, 8, mobile) },
      { headers: { host: DOMESTIC_HOST } },
    );
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().data.user_id).toBe(me.userId);

    // Used up: it says so, and binds nothing more.
    expect((await lookup(link.token)).body).toMatchObject({ status: 'error', msg: 'link used' });
    const again = await bind({ token: link.token, mobile: uniqueMobile(), code: '123456' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('link used');
  });

  it('expires after 10 minutes, and an expired link changes nothing and spends no code try', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const link = await newLink(me);
    const mobile = uniqueMobile();
    const code = await codeFor(t, 4, mobile);
    t.clock.advance(600 - 61);
    expect((await stateOf(me)).state).toBe('expired');
    const described = await lookup(link.token);
    expect(described.status).toBe(400);
    expect(described.body.msg).toBe('link expired');
    const res = await bind({ token: link.token, mobile, code });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('link expired');
    expect((await infoOf(t, me)).mobile).toBeNull();

    // A new link works, and the code, which the expired link never tried, still binds with it.
    const fresh = await newLink(me);
    const fine = await bind({ token: fresh.token, mobile, code });
    expect(fine.status, fine.raw.body).toBe(200);
  });

  it('replaces the previous link: only the newest one works', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const first = await newLink(me);
    const second = await newLink(me);
    expect(second.token).not.toBe(first.token);
    const old = await lookup(first.token);
    expect(old.status).toBe(404);
    expect(old.body.msg).toBe('link invalid');
    expect((await lookup(second.token)).status).toBe(200);
    expect(
      await t.app.db.selectFrom('phone_bind_links').select('user_id').where('user_id', '=', me.userId).execute(),
    ).toHaveLength(1);
  });

  it('refuses another account’s number, a wrong code and the account’s own second mobile, keeping the link usable', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const second = uniqueMobile();
    await call(t, secondMobileRoute, {
      as: me,
      body: { operate: 1, mobile: second, code: await codeFor(t, 4, second) },
      host: DOMESTIC_HOST,
    });
    const link = await newLink(me);

    const ownSecond = await bind({ token: link.token, mobile: second, code: '123456' });
    expect(ownSecond.status).toBe(400);
    expect(ownSecond.body.msg).toBe('own number');

    const owner = await testUser(t, { via: 'mobile' });
    const taken = await bind({
      token: link.token,
      mobile: owner.mobile as string,
      code: await codeFor(t, 4, owner.mobile as string),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ msg: 'account exists', code: 7 });

    const mobile = uniqueMobile();
    const code = await codeFor(t, 4, mobile);
    const wrong = await bind({ token: link.token, mobile, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ msg: 'invalid code', code: 3 });

    expect(await infoOf(t, me)).toMatchObject({ mobile: null, second_mobile: second });
    expect((await stateOf(me)).state).toBe('waiting');
    const res = await bind({ token: link.token, mobile, code });
    expect(res.status, res.raw.body).toBe(200);
  });

  it('refuses links where a phone is bound, outside the domestic region, and for tokens nobody made', async () => {
    const withPhone = await testUser(t, { via: 'mobile' });
    const bound = await createLink(withPhone);
    expect(bound.status).toBe(409);
    expect(bound.body.msg).toBe('already bound');

    const me = await testUser(t, { region: 'overseas' });
    expect((await createLink(me, OVERSEAS_HOST)).body.msg).toBe('not available in this region');
    const link = await newLink(me);
    expect((await lookup(link.token, OVERSEAS_HOST)).body.msg).toBe('not available in this region');
    expect((await bind({ token: link.token, mobile: uniqueMobile(), code: '123456' }, OVERSEAS_HOST)).body.msg).toBe(
      'not available in this region',
    );

    const unknown = await lookup('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'error', code: 0, msg: 'link invalid' });
    expect((await lookup('short')).status).toBe(400);
    expect((await stateOf(me)).state).toBe('waiting');
  });

  it('tells a phone that the account got a phone some other way meanwhile', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const link = await newLink(me);
    const mobile = uniqueMobile();
    await call(t, bindMobileRoute, {
      as: me,
      body: { mobile, code: await codeFor(t, 4, mobile) },
      host: DOMESTIC_HOST,
    });
    const res = await lookup(link.token);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('already bound');
  });

  it('refuses another user’s link routes', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const other = await testUser(t, { region: 'overseas' });
    for (const route of [getBindLinkStateRoute, createBindLinkRoute]) {
      const res = await call(t, route, { params: { userId: other.userId }, as: me, host: DOMESTIC_HOST });
      expect(res.status).toBe(403);
    }
  });

  it('binds once when two phones submit one link at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await testUser(t, { region: 'overseas' });
      const link = await newLink(me);
      const numbers = [uniqueMobile(), uniqueMobile()];
      const codes = [await codeFor(t, 4, numbers[0] as string), await codeFor(t, 4, numbers[1] as string)];
      const results = await Promise.all(
        numbers.map((mobile, index) => bind({ token: link.token, mobile, code: codes[index] as string })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, results.map((r) => r.raw.body).join(' ')).toEqual([200, 409]);
      expect(['link used', 'already bound']).toContain(results.find((r) => r.status === 409)?.body.msg);
      const winner = numbers[results.findIndex((r) => r.status === 200)];
      expect((await infoOf(t, me)).mobile).toBe(winner);
      expect(await auditDetails(t.app.db, me.userId, 'mobile.bind')).toHaveLength(1);
    }
  });
});
