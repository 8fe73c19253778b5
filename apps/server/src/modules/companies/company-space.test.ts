import {
  addCompanySeatsRoute,
  CompanyErrors,
  createCheckoutRoute,
  createCompanyRoute,
  getCompaniesRoute,
  getCompanyInvitationRoute,
  getCompanyInviteLinkRoute,
  getCompanyMembersRoute,
  getCompanyOrdersRoute,
  getCompanyPricesRoute,
  getCompanySettingsRoute,
  joinCompanyRoute,
  rechargeCompanyRoute,
  renameCompanyRoute,
  updateCompanyMembersRoute,
} from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { addMember, createCompany } from './companies.service.js';

const DAY = 86_400;
const YEAR = 365 * DAY;

describe.each(dialects)('company spaces on $name', (dialect) => {
  const t = suiteTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0' });
  let now: number;
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    now = t.clock.now();
  });

  let addresses = 0;
  const freshIp = () => `203.0.113.${(++addresses % 250) + 1}`;
  const msgOf = (res: { body: unknown }) => (res.body as { msg: string }).msg;
  const key = () => ({ 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` });

  /** A company of `seats` seats with `creator`, and the admins and members named, by the operator's service. */
  async function company(creator: TestUser, seats: number, people: { admins?: TestUser[]; members?: TestUser[] } = {}) {
    const made = await createCompany(
      t.app.db,
      { name: 'Mind Works', owner: { id: creator.userId }, seats, term: { expires: now + 90 * DAY } },
      now,
    );
    for (const admin of people.admins ?? [])
      await addMember(t.app.db, { companyId: made.id, user: { id: admin.userId }, role: 'admin' }, now);
    for (const member of people.members ?? [])
      await addMember(t.app.db, { companyId: made.id, user: { id: member.userId }, role: 'member' }, now);
    return made.id;
  }

  /** A company code, made by the operator command. */
  async function companyCode(spec = '5:9:oneYear'): Promise<string> {
    const made = await cli('code:batch', '--kind', 'gift', '--label', 'company codes', '--company', spec);
    expect(made.code, JSON.stringify(made.error)).toBe(0);
    return (made.json.codes as string[])[0] as string;
  }

  const create = (who: TestUser, license: string, name?: string) =>
    call(t, createCompanyRoute, {
      as: who,
      body: { license, ...(name ? { name } : {}) },
      headers: key(),
      ip: freshIp(),
    });
  const companiesOf = async (who: TestUser) => (await call(t, getCompaniesRoute, { as: who })).ok().data;
  const members = (who: TestUser, cid: number) => call(t, getCompanyMembersRoute, { as: who, query: { cid } });
  const change = (who: TestUser, cid: number, ids: number[], operation: 'DEL' | 'UPDATE', type?: 0 | 1) =>
    call(t, updateCompanyMembersRoute, {
      as: who,
      body: { cid, ids, operation, ...(type === undefined ? {} : { type }) },
      headers: key(),
    });
  const inviteOf = async (who: TestUser, cid: number) =>
    (await call(t, getCompanyInviteLinkRoute, { as: who, query: { cid } })).ok().data.invite;
  const join = (who: TestUser, invite: string) =>
    call(t, joinCompanyRoute, { as: who, body: { invite }, headers: key() });
  const roleIn = async (cid: number, who: TestUser) =>
    (
      await t.app.db
        .selectFrom('company_members')
        .select('role')
        .where('company_id', '=', cid)
        .where('user_id', '=', who.userId)
        .executeTakeFirst()
    )?.role ?? null;

  describe('POST …/coop/create (a company code)', () => {
    it('creates the company with the caller as creator, named as asked, of the code’s seats and term', async () => {
      const code = await companyCode('5:9:twoYears');
      const founder = await testUser(t);
      const res = await create(founder, code, '  Mind   Works ');
      expect(res.ok().data).toEqual({
        err_type: 0,
        company: expect.objectContaining({
          company_name: 'Mind Works',
          num: 5,
          used_num: 1,
          type: 9,
          user_type: 2,
          exp: now + 2 * YEAR,
        }),
      });
    });

    it('adds a later caller of the same code as admin (err_type 2); the creator’s second try is an invalid code', async () => {
      const code = await companyCode('3:8');
      const [founder, second] = await Promise.all([testUser(t), testUser(t)]);
      const first = (await create(founder, code)).ok().data;
      expect(first.company).toMatchObject({ type: 8, exp: null, num: 3 });
      const again = (await create(second, code)).ok().data;
      expect(again).toEqual({
        err_type: 2,
        company: expect.objectContaining({ id: first.company.id, user_type: 1, used_num: 2 }),
      });
      const repeat = await create(founder, code);
      expect([repeat.status, msgOf(repeat)]).toEqual([400, CompanyErrors.codeInvalid.msg]);
    });

    it('answers one message for unknown, other kinds of code, and refuses the overseas build, a bad name, a plain member', async () => {
      const someone = await testUser(t);
      const unknown = await create(someone, 'ABCD-EFGH-JKMN-PQRS');
      expect([unknown.status, msgOf(unknown)]).toEqual([400, CompanyErrors.codeInvalid.msg]);
      const giftCode = (await cli('code:batch', '--kind', 'gift', '--label', 'points', '--ai-points', '10')).json
        .codes[0];
      expect(msgOf(await create(someone, giftCode))).toBe(CompanyErrors.codeInvalid.msg);
      // The gift call does not take a company code either.
      const code = await companyCode();
      const abroad = await testUser(t, { region: 'overseas' });
      const overseas = await create(abroad, code);
      expect([overseas.status, msgOf(overseas)]).toEqual([400, CompanyErrors.createNotOffered.msg]);
      const badName = await create(someone, code, '\u200b');
      expect([badName.status, msgOf(badName)]).toEqual([400, CompanyErrors.nameInvalid.msg]);
      const [owner, member] = await Promise.all([testUser(t), testUser(t)]);
      await company(owner, 3, { members: [member] });
      const plain = await create(member, code);
      expect([plain.status, msgOf(plain)]).toEqual([409, CompanyErrors.otherCompany.msg]);
      // None of those used the code up.
      expect((await create(someone, code)).ok().data.err_type).toBe(0);
    });

    it('answers 403 for another user’s id and refuses a code longer than 36 characters', async () => {
      const [ann, ben] = await Promise.all([testUser(t), testUser(t)]);
      const other = await call(t, createCompanyRoute, {
        as: ann,
        params: { userId: ben.userId },
        body: { license: 'X' },
      });
      expect(other.status).toBe(403);
      const long = await call(t, createCompanyRoute, { as: ann, body: { license: 'A'.repeat(37) } });
      expect(long.status).toBe(400);
    });

    it('20 callers of one code at once: one company, one creator, the others admins while seats last', async () => {
      const code = await companyCode('8:9:oneYear');
      const callers = await Promise.all(Array.from({ length: 20 }, () => testUser(t)));
      const answers = await Promise.all(callers.map((who) => create(who, code)));
      const created = answers.filter((res) => res.status === 200 && res.ok().data.err_type === 0);
      const admins = answers.filter((res) => res.status === 200 && res.ok().data.err_type === 2);
      const full = answers.filter((res) => msgOf(res) === CompanyErrors.seatsFull.msg);
      expect([created.length, admins.length, full.length]).toEqual([1, 7, 12]);
      const cid = created[0]?.ok().data.company.id as number;
      const rows = await t.app.db.selectFrom('company_members').select('role').where('company_id', '=', cid).execute();
      expect(rows.map((row) => row.role).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
      expect(
        await t.app.db
          .selectFrom('companies')
          .select('id')
          .where('code_id', 'is not', null)
          .where('id', '=', cid)
          .execute(),
      ).toHaveLength(1);
    });
  });

  describe('members and roles (spec 02 §4, §6)', () => {
    it('lists the creator first, then admins, for the creator and admins; a member and a stranger are refused', async () => {
      const [creator, admin, member, stranger] = await Promise.all([
        testUser(t),
        testUser(t),
        testUser(t),
        testUser(t),
      ]);
      const cid = await company(creator, 5, { members: [member], admins: [admin] });
      for (const viewer of [creator, admin]) {
        const list = (await members(viewer, cid)).ok().data;
        expect(list.map((row) => [row.user_id, row.type])).toEqual([
          [creator.userId, 2],
          [admin.userId, 1],
          [member.userId, 0],
        ]);
      }
      expect(msgOf(await members(member, cid))).toBe(CompanyErrors.notAllowed.msg);
      expect((await members(member, cid)).status).toBe(403);
      expect(msgOf(await members(stranger, cid))).toBe(CompanyErrors.companyNotFound.msg);
    });

    it('lets only the creator set roles; nobody touches the creator or themself; an admin not another admin', async () => {
      const [creator, admin, admin2, member] = await Promise.all([testUser(t), testUser(t), testUser(t), testUser(t)]);
      const cid = await company(creator, 6, { admins: [admin, admin2], members: [member] });
      const refused = async (res: Promise<{ status: number; body: unknown }>, msg: string) =>
        expect(msgOf(await res)).toBe(msg);
      await refused(change(admin, cid, [member.userId], 'UPDATE', 1), CompanyErrors.notAllowed.msg);
      await refused(change(admin, cid, [admin2.userId], 'DEL'), CompanyErrors.cannotManage.msg);
      await refused(change(admin, cid, [creator.userId], 'DEL'), CompanyErrors.cannotManage.msg);
      await refused(change(admin, cid, [admin.userId], 'DEL'), CompanyErrors.cannotManage.msg);
      await refused(change(creator, cid, [creator.userId], 'UPDATE', 0), CompanyErrors.cannotManage.msg);
      await refused(change(member, cid, [admin.userId], 'DEL'), CompanyErrors.notAllowed.msg);
      await refused(change(creator, cid, [999_999_999], 'DEL'), CompanyErrors.userNotFound.msg);
      const outsider = await testUser(t);
      await refused(change(creator, cid, [outsider.userId], 'DEL'), CompanyErrors.notMember.msg);
      // All or nothing: one refused id leaves the others as they were.
      await refused(change(creator, cid, [member.userId, creator.userId], 'DEL'), CompanyErrors.cannotManage.msg);
      expect(await roleIn(cid, member)).toBe(0);

      expect((await change(creator, cid, [member.userId], 'UPDATE', 1)).ok().data.used_num).toBe(4);
      expect(await roleIn(cid, member)).toBe(1);
      await change(creator, cid, [admin2.userId], 'UPDATE', 0);
      expect(await roleIn(cid, admin2)).toBe(0);
      // An admin removes a plain member.
      expect((await change(admin, cid, [admin2.userId], 'DEL')).ok().data.used_num).toBe(3);
      expect(await roleIn(cid, admin2)).toBeNull();
    });

    it('keeps a plain member in one company: an admin elsewhere cannot be made a member here', async () => {
      const [creator, other, both] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const cid = await company(creator, 5, { admins: [both] });
      await company(other, 5, { admins: [both] });
      const res = await change(creator, cid, [both.userId], 'UPDATE', 0);
      expect([res.status, msgOf(res)]).toEqual([409, CompanyErrors.otherCompany.msg]);
      expect(await roleIn(cid, both)).toBe(1);
      // The switcher shows both companies, with the role in each.
      expect((await companiesOf(both)).map((row) => row.user_type)).toEqual([1, 1]);
    });

    it('role changes racing removals never leave a company without its creator or with two', async () => {
      const creator = await testUser(t);
      const people = await Promise.all(Array.from({ length: 8 }, () => testUser(t)));
      const cid = await company(creator, 10, { members: people });
      await Promise.all(
        people.flatMap((person, i) => [
          change(creator, cid, [person.userId], 'UPDATE', (i % 2) as 0 | 1),
          change(creator, cid, [person.userId], 'DEL'),
          change(creator, cid, [creator.userId], 'DEL'),
        ]),
      );
      const creators = await t.app.db
        .selectFrom('company_members')
        .select('user_id')
        .where('company_id', '=', cid)
        .where('role', '=', 2)
        .execute();
      expect(creators).toEqual([{ user_id: creator.userId }]);
    });
  });

  describe('invitations', () => {
    it('gives the creator and admins a signed week-long link; a person opening it sees the company and joins', async () => {
      const [creator, admin, guest] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const cid = await company(creator, 3, { admins: [admin] });
      const link = (await call(t, getCompanyInviteLinkRoute, { as: admin, query: { cid } })).ok().data;
      expect(link.expires_at).toBe(now + 7 * DAY);
      expect(new URL(link.url).searchParams.get('company_invite')).toBe(link.invite);
      const offered = (await call(t, getCompanyInvitationRoute, { as: guest, query: { invite: link.invite } })).ok()
        .data;
      expect(offered).toMatchObject({
        company_id: cid,
        company_name: 'Mind Works',
        used_num: 2,
        num: 3,
        user_type: null,
      });
      expect((await join(guest, link.invite)).ok().data).toMatchObject({ id: cid, user_type: 0, used_num: 3 });
      const twice = await join(guest, link.invite);
      expect(msgOf(twice)).toBe(CompanyErrors.alreadyMember.msg);
    });

    it('refuses a full company, a person in another company, a forged or expired link, and a member asking for one', async () => {
      const [creator, member, elsewhere, otherOwner, late] = await Promise.all([
        testUser(t),
        testUser(t),
        testUser(t),
        testUser(t),
        testUser(t),
      ]);
      const cid = await company(creator, 2, { members: [member] });
      await company(otherOwner, 2, { members: [elsewhere] });
      const invite = await inviteOf(creator, cid);
      expect(msgOf(await join(late, invite))).toBe(CompanyErrors.seatsFull.msg);
      expect(msgOf(await join(elsewhere, invite))).toBe(CompanyErrors.otherCompany.msg);
      const [id, end] = invite.split('.');
      const forged = `${Number(id) + 1}.${end}.${invite.split('.')[2]}`;
      expect(msgOf(await join(late, forged))).toBe(CompanyErrors.inviteInvalid.msg);
      expect(msgOf(await call(t, getCompanyInviteLinkRoute, { as: member, query: { cid } }))).toBe(
        CompanyErrors.notAllowed.msg,
      );
      // A link asked for eight days ago has expired.
      t.clock.advance(-8 * DAY);
      let old: string;
      try {
        old = await inviteOf(creator, cid);
      } finally {
        t.clock.advance(8 * DAY);
      }
      await change(creator, cid, [member.userId], 'DEL');
      expect(msgOf(await join(late, old))).toBe(CompanyErrors.inviteInvalid.msg);
      expect((await join(late, invite)).status).toBe(200);
    });

    it('30 people opening one link at once with 5 free seats: exactly 5 join', async () => {
      const creator = await testUser(t);
      const cid = await company(creator, 6);
      const invite = await inviteOf(creator, cid);
      const guests = await Promise.all(Array.from({ length: 30 }, () => testUser(t)));
      const answers = await Promise.all(guests.map((guest) => join(guest, invite)));
      expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
      expect(answers.filter((res) => msgOf(res) === CompanyErrors.seatsFull.msg)).toHaveLength(25);
      expect((await companiesOf(creator))[0]?.used_num).toBe(6);
    });
  });

  describe('rename and settings', () => {
    it('renames for the creator and admins, at most 20 characters; a member is refused', async () => {
      const [creator, admin, member] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const cid = await company(creator, 3, { admins: [admin], members: [member] });
      const rename = (who: TestUser, name: string) =>
        call(t, renameCompanyRoute, { as: who, body: { cid, company_name: name } });
      expect((await rename(admin, '思维导图 工作室')).ok().data.company_name).toBe('思维导图 工作室');
      expect(msgOf(await rename(creator, 'x'.repeat(21)))).toBe(CompanyErrors.nameInvalid.msg);
      expect(msgOf(await rename(creator, '   '))).toBe(CompanyErrors.nameInvalid.msg);
      expect(msgOf(await rename(member, 'Mine'))).toBe(CompanyErrors.notAllowed.msg);
      const settings = (await call(t, getCompanySettingsRoute, { as: admin, query: { cid } })).ok().data;
      expect(settings.federation_id).toBe(`E${String(cid).padStart(8, '0')}`);
      expect(settings.contact?.qr_svg).toMatch(/^<svg/);
    });
  });

  describe('orders, prices and payments of time and seats', () => {
    const confirm = (outTradeNo: string, amount: number) =>
      cli('pay:confirm', '--order', outTradeNo, '--amount', String(amount), '--reference', 'BOC-7');

    it('prices a seat for the time left and each term for every seat; the creator pays, the company grows, the orders list it', async () => {
      const [creator, admin] = await Promise.all([testUser(t), testUser(t)]);
      const cid = await company(creator, 4, { admins: [admin] });
      const prices = (await call(t, getCompanyPricesRoute, { as: creator, query: { cid } })).ok().data;
      // 90 days left of a 380-yuan year.
      expect(prices).toEqual({
        currency: 'CNY',
        seat_price: Math.ceil((38_000 * 90) / 365),
        seats_max: 1000,
        time: [
          { item: 'business.oneYear', price: 38_000 * 4 },
          { item: 'business.twoYears', price: 58_000 * 4 },
          { item: 'business.threeYears', price: 78_000 * 4 },
        ],
      });
      expect(msgOf(await call(t, getCompanyPricesRoute, { as: admin, query: { cid } }))).toBe(
        CompanyErrors.notAllowed.msg,
      );

      const seats = (
        await call(t, addCompanySeatsRoute, { as: creator, query: { cid, seats: 3, method: 'bank' }, headers: key() })
      ).ok().data;
      expect(seats).toMatchObject({ item: 'business.oneYear', quantity: 3, amount: prices.seat_price * 3 });
      expect((await confirm(seats.out_trade_no, seats.amount)).json.outcome).toBe('fulfilled');
      const time = (
        await call(t, rechargeCompanyRoute, {
          as: creator,
          query: { cid, item: 'business.twoYears', method: 'bank' },
          headers: key(),
        })
      ).ok().data;
      // The term is bought for the seats the company has now: 7.
      expect(time).toMatchObject({ quantity: 7, amount: 58_000 * 7 });
      expect((await confirm(time.out_trade_no, time.amount)).json.outcome).toBe('fulfilled');

      expect((await companiesOf(creator))[0]).toMatchObject({ num: 7, exp: now + 90 * DAY + 2 * YEAR });
      const orders = (await call(t, getCompanyOrdersRoute, { as: admin, query: { cid } })).ok().data;
      expect(orders.map((row) => [row.order_id, row.kind, row.quantity, row.price])).toEqual([
        [time.out_trade_no, 'time', 7, 58_000 * 7],
        [seats.out_trade_no, 'seats', 3, prices.seat_price * 3],
      ]);
    });

    it('takes back what a refunded payment gave: seats down to the members, a term, or the plan that made the company', async () => {
      const creator = await testUser(t);
      const cid = await company(creator, 2);
      const pay = async (query: { seats: number } | { item: 'business.oneYear' }) => {
        const route = 'seats' in query ? addCompanySeatsRoute : rechargeCompanyRoute;
        const opened = (
          await call(t, route as typeof addCompanySeatsRoute, {
            as: creator,
            query: { cid, method: 'bank', ...query } as { cid: number; method: 'bank'; seats: number },
            headers: key(),
          })
        ).ok().data;
        expect((await confirm(opened.out_trade_no, opened.amount)).json.outcome).toBe('fulfilled');
        return opened.out_trade_no;
      };
      const refund = async (order: string) => {
        const res = await cli('pay:refund', '--order', order, '--reason', 'asked within 7 days');
        expect(res.code, JSON.stringify(res.error)).toBe(0);
        return res.json.taken_back as { kind: string; granted: number; taken: number }[];
      };
      const seats = await pay({ seats: 3 });
      const time = await pay({ item: 'business.oneYear' });
      expect((await companiesOf(creator))[0]).toMatchObject({ num: 5, exp: now + 90 * DAY + YEAR });
      // Three people join: four of the five seats are taken.
      const guests = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const invite = await inviteOf(creator, cid);
      for (const guest of guests) expect((await join(guest, invite)).status).toBe(200);
      // Of the three seats bought, only one is free to come back.
      expect(await refund(seats)).toEqual([{ kind: 'company_seats', granted: 3, taken: 1 }]);
      expect(await refund(time)).toEqual([{ kind: 'company_time', granted: YEAR, taken: YEAR }]);
      expect((await companiesOf(creator))[0]).toMatchObject({ num: 4, used_num: 4, exp: now + 90 * DAY });
      const orders = (await call(t, getCompanyOrdersRoute, { as: creator, query: { cid } })).ok().data;
      expect(orders.map((row) => row.refunded)).toEqual([true, true]);

      // A business plan bought on /buy made a company: refunded, its plan ends now.
      const buyer = await testUser(t);
      const bought = (
        await call(t, createCheckoutRoute, {
          as: buyer,
          body: { item: 'business.lifetime', quantity: 2, method: 'bank' },
        })
      ).ok().data;
      await confirm(bought.out_trade_no, bought.amount);
      expect(await refund(bought.out_trade_no)).toEqual([{ kind: 'company_ended', granted: 2, taken: 2 }]);
      expect((await companiesOf(buyer))[0]).toMatchObject({ type: 9, exp: now });
    });

    it('refuses time for a lifelong company, seats for an expired one, and anyone but the creator', async () => {
      const [creator, admin] = await Promise.all([testUser(t), testUser(t)]);
      const lifelong = (
        await createCompany(
          t.app.db,
          { name: 'Forever', owner: { id: creator.userId }, seats: 2, term: { lifelong: true } },
          now,
        )
      ).id;
      const recharge = (who: TestUser, cid: number) =>
        call(t, rechargeCompanyRoute, { as: who, query: { cid, item: 'business.oneYear', method: 'wxpay' } });
      expect(msgOf(await recharge(creator, lifelong))).toBe(CompanyErrors.lifelong.msg);
      // A lifelong seat costs the lifelong price.
      expect((await call(t, getCompanyPricesRoute, { as: creator, query: { cid: lifelong } })).ok().data).toMatchObject(
        {
          seat_price: 108_000,
          time: [],
        },
      );
      const ending = await createCompany(
        t.app.db,
        { name: 'Ending', owner: { id: creator.userId }, seats: 2, term: { expires: now + DAY } },
        now,
      );
      await addMember(t.app.db, { companyId: ending.id, user: { id: admin.userId }, role: 'admin' }, now);
      expect(msgOf(await recharge(admin, ending.id))).toBe(CompanyErrors.notAllowed.msg);
      await t.app.db
        .updateTable('companies')
        .set({ exp: now - DAY })
        .where('id', '=', ending.id)
        .execute();
      const seats = await call(t, addCompanySeatsRoute, {
        as: creator,
        query: { cid: ending.id, seats: 1, method: 'wxpay' },
      });
      expect(msgOf(seats)).toBe(CompanyErrors.expired.msg);
      // More time may still be bought for an expired company: it runs from the payment.
      const renewal = (await recharge(creator, ending.id)).ok().data;
      expect(renewal.quantity).toBe(2);
    });
  });

  describe('operator commands', () => {
    it('hands a company to a new creator, changes its seats and term, and lists companies', async () => {
      const [creator, admin, heir] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const cid = await company(creator, 3, { admins: [admin] });
      const handed = await cli('company:hand-over', '--company', String(cid), '--to', String(heir.userId));
      expect(handed.code, JSON.stringify(handed.error)).toBe(0);
      expect([await roleIn(cid, heir), await roleIn(cid, creator)]).toEqual([2, 1]);
      const promoted = await cli('company:hand-over', ...flags({ company: cid, to: admin.userId, previous: 'remove' }));
      expect(promoted.code).toBe(0);
      expect([await roleIn(cid, admin), await roleIn(cid, heir)]).toEqual([2, null]);

      const tooFew = await cli('company:set', '--company', String(cid), '--seats', '1');
      expect(tooFew.code).toBe(1);
      const set = await cli('company:set', '--company', String(cid), '--seats', '9', '--lifelong');
      expect(set.json).toMatchObject({ num: 9, type: 8, exp: null });
      const listed = await cli('company:list', '--user', String(admin.userId));
      expect(listed.json).toEqual([expect.objectContaining({ id: cid, num: 9, used_num: 2, from_code: false })]);
    });
  });
});
