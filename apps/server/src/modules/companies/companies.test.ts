import { closeAccountRoute, CompanyErrors, getCompaniesRoute } from '@account-centre/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { refusal } from '../../../test/helpers/refusal.js';
import { call } from '../../../test/helpers/call.js';
import { codeFor, DOMESTIC_HOST } from '../account/test-support.js';
import { addMember, createCompany, removeMember } from './companies.service.js';

const DAY = 86_400;

describeOnEachDialect('companies on $name', (t) => {
  let now: number;
  beforeAll(async () => {
    now = t.clock.now();
  });

  const companiesOf = (who: TestUser, userId = who.userId) =>
    call(t, getCompaniesRoute, { params: { userId }, as: who });
  const create = (owner: TestUser, seats: number, name = 'Mind Works') =>
    createCompany(t.app.db, { name, owner: { id: owner.userId }, seats, term: { expires: now + 90 * DAY } }, now);
  const add = (companyId: number, who: TestUser, role: 'admin' | 'member' = 'member') =>
    addMember(t.app.db, { companyId, user: { id: who.userId }, role }, now);
  const membersOf = async (companyId: number) =>
    (
      await t.app.db
        .selectFrom('company_members')
        .select('user_id')
        .where('company_id', '=', companyId)
        .orderBy('user_id')
        .execute()
    ).map((row) => row.user_id);

  describe('GET …/coop/cmember', () => {
    it('answers an empty list for a person in no company', async () => {
      const loner = await testUser(t, { region: 'overseas' });
      const res = await companiesOf(loner);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: [], count: 0 });
    });

    it('gives each person the company with the spec’s fields and their own role', async () => {
      const [creator, admin, member] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const company = await create(creator, 5);
      await add(company.id, admin, 'admin');
      await add(company.id, member);

      const expected = {
        id: company.id,
        company_name: 'Mind Works',
        used_num: 3,
        num: 5,
        created_at: now,
        exp: now + 90 * DAY,
        type: 9,
      };
      for (const [who, userType] of [
        [creator, 2],
        [admin, 1],
        [member, 0],
      ] as const) {
        const res = await companiesOf(who);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          status: 'success',
          code: 0,
          msg: 'ok',
          data: [{ ...expected, user_type: userType }],
          count: 1,
        });
      }
    });

    it('shows a lifelong company as type 8 without an expiry', async () => {
      const owner = await testUser(t);
      await createCompany(
        t.app.db,
        { name: '思维导图工作室', owner: { id: owner.userId }, seats: 1, term: { lifelong: true } },
        now,
      );
      expect((await companiesOf(owner)).ok().data).toEqual([
        expect.objectContaining({ company_name: '思维导图工作室', type: 8, exp: null, used_num: 1, num: 1 }),
      ]);
    });

    it('refuses another user’s id with 403 and a missing token with 401', async () => {
      const [ann, ben] = await Promise.all([testUser(t), testUser(t)]);
      expect((await companiesOf(ann, ben.userId)).status).toBe(403);
      const anonymous = await call(t, getCompaniesRoute, { params: { userId: ann.userId }, host: null });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('seats and membership', () => {
    it('refuses a member once every seat is taken, and a freed seat takes the next one', async () => {
      const [owner, first, second] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const company = await create(owner, 2);
      await add(company.id, first);
      expect(await refusal(add(company.id, second))).toEqual({ status: 409, msg: CompanyErrors.seatsFull.msg });
      expect(await membersOf(company.id)).toEqual([owner.userId, first.userId].sort((a, b) => a - b));

      const after = await removeMember(t.app.db, { companyId: company.id, user: { id: first.userId } }, now);
      expect(after.used_num).toBe(1);
      expect((await add(company.id, second)).used_num).toBe(2);
    });

    it('keeps a person in one company: a second company, or a second joining, is refused', async () => {
      const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      await add(a.id, person);
      expect(await refusal(add(a.id, person, 'admin'))).toEqual({ status: 409, msg: CompanyErrors.alreadyMember.msg });
      expect(await refusal(add(b.id, person))).toEqual({ status: 409, msg: CompanyErrors.otherCompany.msg });
      // Spec 02 §8 "The user belongs to another enterprise" holds for creating one too.
      expect(await refusal(create(person, 3))).toEqual({ status: 409, msg: CompanyErrors.otherCompany.msg });
      expect(await membersOf(b.id)).toEqual([ownerB.userId]);
    });

    it('keeps the creator, and tells an unknown person, company or non-member apart', async () => {
      const [owner, stranger] = await Promise.all([testUser(t), testUser(t)]);
      const company = await create(owner, 3);
      const remove = (user: { id: number } | { email: string }, companyId = company.id) =>
        refusal(removeMember(t.app.db, { companyId, user }, now));
      expect(await remove({ id: owner.userId })).toEqual({ status: 409, msg: CompanyErrors.creatorStays.msg });
      expect(await remove({ id: stranger.userId })).toEqual({ status: 404, msg: CompanyErrors.notMember.msg });
      expect(await remove({ email: 'nobody@example.com' })).toEqual({
        status: 404,
        msg: CompanyErrors.userNotFound.msg,
      });
      expect(await remove({ id: owner.userId }, 999_999)).toEqual({
        status: 404,
        msg: CompanyErrors.companyNotFound.msg,
      });
      expect(
        await refusal(addMember(t.app.db, { companyId: 999_999, user: { id: stranger.userId }, role: 'member' }, now)),
      ).toEqual({
        status: 404,
        msg: CompanyErrors.companyNotFound.msg,
      });
      expect(await membersOf(company.id)).toEqual([owner.userId]);
    });

    it('refuses a bad name, seat count or expiry with 400 and creates nothing', async () => {
      const owner = await testUser(t);
      const attempt = (input: { name?: string; seats?: number; expires?: number }) =>
        refusal(
          createCompany(
            t.app.db,
            {
              name: input.name ?? 'Fine name',
              owner: { id: owner.userId },
              seats: input.seats ?? 3,
              term: { expires: input.expires ?? now + DAY },
            },
            now,
          ),
        );
      for (const bad of [
        { name: '   ' },
        { name: 'x'.repeat(21) },
        { name: 'Evil\u202Ename' },
        { seats: 0 },
        { seats: 1.5 },
        { seats: 100_001 },
        { expires: now },
      ]) {
        expect(await attempt(bad)).toMatchObject({ status: 400 });
      }
      // Twenty characters as a reader counts them, even outside the basic plane.
      expect(await attempt({ name: '😀'.repeat(20) })).toBeNull();
      const rows = await t.app.db.selectFrom('companies').select('id').where('creator', '=', owner.userId).execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('invariants in the database', () => {
    const insertCompanyRow = (values: Record<string, unknown>) =>
      t.app.db
        .insertInto('companies')
        .values({
          company_name: 'Direct',
          num: 3,
          type: 9,
          exp: now + DAY,
          creator: 1,
          created_at: now,
          updated_at: now,
          ...values,
        } as never)
        .execute();

    it('refuses names over 20 characters, seats below 1, an unknown type and a type 8 with an expiry', async () => {
      const owner = await testUser(t);
      for (const bad of [
        { company_name: 'y'.repeat(21) },
        { company_name: '' },
        { num: 0 },
        { type: 7 },
        { type: 8, exp: now + DAY },
        { type: 9, exp: null },
      ]) {
        await expect(insertCompanyRow({ creator: owner.userId, ...bad })).rejects.toThrow();
      }
    });

    it('refuses a second creator, an unknown role and a person in two companies', async () => {
      const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      const insert = (company_id: number, user_id: number, role: number) =>
        t.app.db
          .insertInto('company_members')
          .values({ company_id, user_id, role: role as 0, joined_at: now })
          .execute();
      await expect(insert(a.id, person.userId, 2)).rejects.toThrow();
      await expect(insert(a.id, person.userId, 3)).rejects.toThrow();
      await insert(a.id, person.userId, 0);
      await expect(insert(b.id, person.userId, 0)).rejects.toThrow();
    });
  });

  describe('races', () => {
    it('gives exactly the free seats to concurrent additions', async () => {
      const owner = await testUser(t);
      const company = await create(owner, 4);
      const people = await Promise.all(Array.from({ length: 10 }, () => testUser(t)));
      const results = await Promise.all(people.map((person) => refusal(add(company.id, person))));
      expect(results.filter((result) => result === null)).toHaveLength(3);
      expect(results.filter((result) => result !== null)).toEqual(
        Array(7).fill({ status: 409, msg: CompanyErrors.seatsFull.msg }),
      );
      expect(await membersOf(company.id)).toHaveLength(4);
    });

    it('lets a person join only one of two companies adding them at once', async () => {
      const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      const results = await Promise.all([
        refusal(add(a.id, person)),
        refusal(add(b.id, person)),
        refusal(add(a.id, person)),
        refusal(add(b.id, person)),
      ]);
      expect(results.filter((result) => result === null)).toHaveLength(1);
      const memberships = await t.app.db
        .selectFrom('company_members')
        .select('company_id')
        .where('user_id', '=', person.userId)
        .execute();
      expect(memberships).toHaveLength(1);
    });
  });

  describe('closing an account', () => {
    it('takes the account out of its company and frees its seat', async () => {
      const owner = await testUser(t);
      const company = await create(owner, 3);
      const leaver = await testUser(t, { region: 'overseas' });
      await addMember(t.app.db, { companyId: company.id, user: { id: leaver.userId }, role: 'admin' }, now);
      expect(await membersOf(company.id)).toContain(leaver.userId);

      const closed = await call(t, closeAccountRoute, {
        as: leaver,
        body: { via: 'email', code: await codeFor(t, 11, leaver.email as string) },
        host: DOMESTIC_HOST,
      });
      expect(closed.status).toBe(200);
      expect(await membersOf(company.id)).toEqual([owner.userId]);
      expect((await companiesOf(owner)).ok().data[0]).toMatchObject({ used_num: 1 });
      // A closed account cannot be added back.
      expect(
        await refusal(addMember(t.app.db, { companyId: company.id, user: { id: leaver.userId }, role: 'member' }, now)),
      ).toEqual({ status: 404, msg: CompanyErrors.userNotFound.msg });
    });

    it('keeps the membership of an account that changes without closing', async () => {
      const owner = await testUser(t);
      const company = await create(owner, 2);
      await sql`UPDATE users SET nick_name = 'renamed' WHERE id = ${owner.userId}`.execute(t.app.db);
      expect(await membersOf(company.id)).toEqual([owner.userId]);
    });
  });
});
