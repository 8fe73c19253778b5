import { closeAccountRoute, getTeamRoute, TeamErrors, type TeamProduct } from '@account-centre/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { transactionExplainingUnique } from '../../db/unique-violation.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { refusal } from '../../../test/helpers/refusal.js';
import { call } from '../../../test/helpers/call.js';
import { codeFor, DOMESTIC_HOST, type Person } from '../account/test-support.js';
import { addTeamMember, createTeam, deleteTeam, removeTeamMember } from './teams.service.js';

describeOnEachDialect('teams on $name', (t) => {
  let now: number;
  beforeAll(async () => {
    now = t.clock.now();
  });

  type Who = Pick<TestUser, 'userId'>;
  const teamOf = (who: TestUser, product: TeamProduct = 'max', userId = who.userId) =>
    call(t, getTeamRoute, { params: { userId, product }, as: who });
  const create = (owner: Who, memberLimit: number, product: TeamProduct = 'max', name = 'Diagram Crew') =>
    createTeam(t.app.db, { product, name, owner: { id: owner.userId }, memberLimit }, now);
  const add = (teamId: number, who: Who, role: 'admin' | 'member' = 'member') =>
    addTeamMember(t.app.db, { teamId, user: { id: who.userId }, role }, now);
  const membersOf = async (teamId: number) =>
    (
      await t.app.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .orderBy('user_id')
        .execute()
    ).map((row) => row.user_id);
  const teamsOfUser = async (who: Who) =>
    (
      await t.app.db
        .selectFrom('team_members')
        .select(['team_id', 'product'])
        .where('user_id', '=', who.userId)
        .orderBy('product')
        .execute()
    ).map((row) => [row.product, row.team_id]);
  const teamExists = async (teamId: number) =>
    (await t.app.db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst()) !== undefined;
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  describe('GET …/:product/grouporder', () => {
    it('answers null for a person in no team of the product', async () => {
      const loner = await testUser(t, { region: 'overseas' });
      for (const product of ['max', 'proj'] as const) {
        const res = await teamOf(loner, product);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: null });
      }
    });

    it('gives owner, admin and member the team with the owner’s name and their own role', async () => {
      const [owner, admin, member] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const team = await create(owner, 5);
      await add(team.id, admin, 'admin');
      await add(team.id, member);

      const expected = {
        id: team.id,
        name: 'Diagram Crew',
        user_id: owner.userId,
        nick_name: owner.email.split('@')[0],
        member_num: 3,
        member_limit: 5,
        plan: [],
        plan_ids: [],
      };
      for (const [who, role] of [
        [owner, 1],
        [admin, 2],
        [member, 3],
      ] as const) {
        const res = await teamOf(who);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: { ...expected, role } });
      }
    });

    it('keeps the products apart: a diagram team is not the project team', async () => {
      const [owner, member] = await Promise.all([testUser(t), testUser(t)]);
      const diagram = await create(owner, 3, 'max', 'Diagrams');
      const project = await create(member, 2, 'proj', 'Projects');
      await add(diagram.id, member);

      expect((await teamOf(owner, 'max')).ok().data).toMatchObject({ id: diagram.id, role: 1 });
      expect((await teamOf(owner, 'proj')).ok().data).toBeNull();
      expect((await teamOf(member, 'max')).ok().data).toMatchObject({ id: diagram.id, role: 3, member_num: 2 });
      expect((await teamOf(member, 'proj')).ok().data).toMatchObject({
        id: project.id,
        name: 'Projects',
        role: 1,
        member_num: 1,
        member_limit: 2,
      });
    });

    it('refuses another user’s id with 403, a missing token with 401 and an unknown product with 400', async () => {
      const [ann, ben] = await Promise.all([testUser(t), testUser(t)]);
      await create(ben, 2);
      expect((await teamOf(ann, 'max', ben.userId)).status).toBe(403);
      const anonymous = await call(t, getTeamRoute, { params: { userId: ann.userId, product: 'max' }, host: null });
      expect(anonymous.status).toBe(401);
      for (const product of ['mind', 'MAX', 'project']) {
        // Products the contract does not have: sent by hand, as its types allow none of them.
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/user/${ann.userId}/${product}/grouporder`,
          headers: ann.headers(),
        });
        expect(res.statusCode, product).toBe(400);
        expect(res.json()).toMatchObject({ status: 'error' });
      }
    });
  });

  describe('members and places', () => {
    it('refuses a member once every place is taken (group num limit), and a freed place takes the next', async () => {
      const [owner, first, second] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const team = await create(owner, 2);
      await add(team.id, first);
      expect(await refusal(add(team.id, second))).toEqual({ status: 409, msg: TeamErrors.memberLimit.msg });
      expect(await membersOf(team.id)).toEqual(sorted(owner.userId, first.userId));

      const after = await removeTeamMember(t.app.db, { teamId: team.id, user: { id: first.userId } }, now);
      expect(after.member_num).toBe(1);
      expect((await add(team.id, second)).member_num).toBe(2);
    });

    it('counts the owner as a member: a team of one has no free place', async () => {
      const [owner, other] = await Promise.all([testUser(t), testUser(t)]);
      const team = await create(owner, 1);
      expect(team.member_num).toBe(1);
      expect(await refusal(add(team.id, other))).toEqual({ status: 409, msg: TeamErrors.memberLimit.msg });
    });

    it('keeps a person in one team per product, and lets them be in a team of each product', async () => {
      const [ownerA, ownerB, ownerP, person] = await Promise.all([testUser(t), testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      const p = await create(ownerP, 5, 'proj');
      await add(a.id, person);
      expect(await refusal(add(a.id, person, 'admin'))).toEqual({ status: 409, msg: TeamErrors.alreadyMember.msg });
      expect(await refusal(add(b.id, person))).toEqual({ status: 409, msg: TeamErrors.otherTeam.msg });
      // Spec 02 §8, reason 2: owning another team of the product counts too.
      expect(await refusal(add(b.id, ownerA))).toEqual({ status: 409, msg: TeamErrors.otherTeam.msg });
      expect(await refusal(create(person, 3))).toEqual({ status: 409, msg: TeamErrors.otherTeam.msg });
      expect(await refusal(create(ownerA, 3))).toEqual({ status: 409, msg: TeamErrors.otherTeam.msg });
      expect(await membersOf(b.id)).toEqual([ownerB.userId]);

      await add(p.id, person, 'admin');
      expect(await teamsOfUser(person)).toEqual([
        ['max', a.id],
        ['proj', p.id],
      ]);
    });

    it('keeps the owner, and tells an unknown person, team or non-member apart', async () => {
      const [owner, stranger, otherOwner, elsewhere] = await Promise.all([
        testUser(t),
        testUser(t),
        testUser(t),
        testUser(t),
      ]);
      const team = await create(owner, 3);
      const other = await create(otherOwner, 3);
      await add(other.id, elsewhere);
      const remove = (user: { id: number } | { email: string }, teamId = team.id) =>
        refusal(removeTeamMember(t.app.db, { teamId, user }, now));
      expect(await remove({ id: owner.userId })).toEqual({ status: 409, msg: TeamErrors.ownerStays.msg });
      expect(await remove({ id: stranger.userId })).toEqual({ status: 404, msg: TeamErrors.notMember.msg });
      expect(await remove({ id: elsewhere.userId })).toEqual({ status: 404, msg: TeamErrors.notMember.msg });
      expect(await remove({ email: 'nobody@example.com' })).toEqual({ status: 404, msg: TeamErrors.userNotFound.msg });
      expect(await remove({ id: owner.userId }, 999_999)).toEqual({ status: 404, msg: TeamErrors.teamNotFound.msg });
      expect(await refusal(add(999_999, stranger))).toEqual({ status: 404, msg: TeamErrors.teamNotFound.msg });
      expect(
        await refusal(addTeamMember(t.app.db, { teamId: team.id, user: { id: 999_999 }, role: 'member' }, now)),
      ).toEqual({ status: 404, msg: TeamErrors.userNotFound.msg });
      expect(await membersOf(team.id)).toEqual([owner.userId]);
      expect(await membersOf(other.id)).toEqual(sorted(otherOwner.userId, elsewhere.userId));
    });

    it('refuses a bad product, name or member limit with 400 and creates nothing', async () => {
      const owner = await testUser(t);
      const attempt = (input: { product?: string; name?: string; memberLimit?: number }) =>
        refusal(
          createTeam(
            t.app.db,
            {
              product: (input.product ?? 'max') as TeamProduct,
              name: input.name ?? 'Fine name',
              owner: { id: owner.userId },
              memberLimit: input.memberLimit ?? 3,
            },
            now,
          ),
        );
      for (const bad of [
        { product: 'mind' },
        { name: '   ' },
        { name: 'x'.repeat(71) },
        { name: 'Evil\u202Ename' },
        { name: 'Zero\u200Bwidth' },
        { memberLimit: 0 },
        { memberLimit: 1.5 },
        { memberLimit: 100_001 },
      ]) {
        expect(await attempt(bad), JSON.stringify(bad)).toMatchObject({ status: 400 });
      }
      expect(await teamsOfUser(owner)).toEqual([]);
      // Seventy characters as a reader counts them, even outside the basic plane; inner white
      // space folds to one space.
      expect(await attempt({ name: '😀'.repeat(70) })).toBeNull();
      const proj = await createTeam(
        t.app.db,
        { product: 'proj', name: '  项目   团队 ', owner: { id: owner.userId }, memberLimit: 100_000 },
        now,
      );
      expect(proj).toMatchObject({ name: '项目 团队', member_limit: 100_000, product: 'proj' });
    });

    it('deletes a team with its memberships, freeing its people to join another', async () => {
      const [owner, member, otherOwner] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const team = await create(owner, 3);
      await add(team.id, member, 'admin');
      const gone = await deleteTeam(t.app.db, team.id, now);
      expect(gone.deleted).toMatchObject({ id: team.id, member_num: 2 });
      expect(await teamExists(team.id)).toBe(false);
      expect(await teamsOfUser(owner)).toEqual([]);
      expect(await teamsOfUser(member)).toEqual([]);
      expect((await teamOf(member)).ok().data).toBeNull();

      const next = await create(otherOwner, 3);
      await add(next.id, member);
      expect(await refusal(deleteTeam(t.app.db, team.id, now))).toEqual({
        status: 404,
        msg: TeamErrors.teamNotFound.msg,
      });
    });
  });

  describe('invariants in the database', () => {
    const insertTeamRow = (values: Record<string, unknown>) =>
      t.app.db
        .insertInto('teams')
        .values({
          product: 'max',
          name: 'Direct',
          member_limit: 3,
          created_at: now,
          updated_at: now,
          ...values,
        } as never)
        .execute();
    const insertMemberRow = (team_id: number, user_id: number, role: number, product = 'max') =>
      t.app.db
        .insertInto('team_members')
        .values({ team_id, product: product as TeamProduct, user_id, role: role as 3, joined_at: now })
        .execute();

    it('refuses names over 70 characters or empty, limits outside 1–100,000 and other products', async () => {
      for (const bad of [
        { name: 'y'.repeat(71) },
        { name: '' },
        { member_limit: 0 },
        { member_limit: 100_001 },
        { product: 'mind' },
      ]) {
        await expect(insertTeamRow(bad), JSON.stringify(bad)).rejects.toThrow();
      }
      await expect(insertTeamRow({ name: '图'.repeat(70) })).resolves.toBeDefined();
    });

    it('refuses a second owner, an unknown role, two teams of a product and a product other than the team’s', async () => {
      const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      await expect(insertMemberRow(a.id, person.userId, 1)).rejects.toThrow();
      await expect(insertMemberRow(a.id, person.userId, 0)).rejects.toThrow();
      await expect(insertMemberRow(a.id, person.userId, 3, 'proj')).rejects.toThrow();
      await insertMemberRow(a.id, person.userId, 3);
      await expect(insertMemberRow(b.id, person.userId, 2)).rejects.toThrow();
      await expect(
        t.app.db.updateTable('team_members').set({ product: 'proj' }).where('user_id', '=', person.userId).execute(),
      ).rejects.toThrow();
      expect(await teamsOfUser(person)).toEqual([['max', a.id]]);
    });
  });

  describe('unique keys behind the messages', () => {
    it('name (user, product) for a second team of the product, and one of the two keys for the same team', async () => {
      const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const a = await create(ownerA, 5);
      const b = await create(ownerB, 5);
      await add(a.id, person);
      const columnsOf = async (teamId: number) => {
        let seen: string[] = [];
        await transactionExplainingUnique(
          t.app.db,
          (trx) =>
            trx
              .insertInto('team_members')
              .values({ team_id: teamId, product: 'max', user_id: person.userId, role: 3, joined_at: now })
              .execute(),
          (columns) => {
            seen = columns;
            return new Error('explained');
          },
        ).catch((error: Error) => expect(error.message).toBe('explained'));
        return [...seen].sort();
      };
      expect(await columnsOf(b.id)).toEqual(['product', 'user_id']);
      expect([
        ['product', 'user_id'],
        ['team_id', 'user_id'],
      ]).toContainEqual(await columnsOf(a.id));
    });
  });

  describe('races', () => {
    it('gives exactly the free places to concurrent additions', async () => {
      const owner = await testUser(t);
      const team = await create(owner, 4);
      const people = await Promise.all(Array.from({ length: 10 }, () => testUser(t)));
      const results = await Promise.all(people.map((person) => refusal(add(team.id, person))));
      expect(results.filter((result) => result === null)).toHaveLength(3);
      expect(results.filter((result) => result !== null)).toEqual(
        Array(7).fill({ status: 409, msg: TeamErrors.memberLimit.msg }),
      );
      expect(await membersOf(team.id)).toHaveLength(4);
    });

    it('lets a person join only one of two teams of a product adding them at once', async () => {
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
      for (const result of results.filter((r) => r !== null)) {
        expect([TeamErrors.alreadyMember.msg, TeamErrors.otherTeam.msg]).toContain(result.msg);
      }
      expect(await teamsOfUser(person)).toHaveLength(1);
    });

    it('lets a person create only one team of a product when several are created at once', async () => {
      const owner = await testUser(t);
      const results = await Promise.all(Array.from({ length: 4 }, () => refusal(create(owner, 3))));
      expect(results.filter((result) => result === null)).toHaveLength(1);
      expect(results.filter((result) => result !== null)).toEqual(
        Array(3).fill({ status: 409, msg: TeamErrors.otherTeam.msg }),
      );
      expect(await teamsOfUser(owner)).toHaveLength(1);
    });
  });

  describe('closing an account', () => {
    const close = async (who: Person) => {
      const res = await call(t, closeAccountRoute, {
        as: who,
        body: { via: 'email', code: await codeFor(t, 11, who.email as string) },
        host: DOMESTIC_HOST,
      });
      expect(res.status).toBe(200);
    };

    it('takes a closing member out of their teams and frees their places', async () => {
      const [ownerMax, ownerProj] = await Promise.all([testUser(t), testUser(t)]);
      const max = await create(ownerMax, 3);
      const proj = await create(ownerProj, 3, 'proj');
      const leaver = await testUser(t, { region: 'overseas' });
      await add(max.id, leaver, 'admin');
      await add(proj.id, leaver);

      await close(leaver);
      expect(await teamsOfUser(leaver)).toEqual([]);
      expect(await membersOf(max.id)).toEqual([ownerMax.userId]);
      expect((await teamOf(ownerProj, 'proj')).ok().data).toMatchObject({ id: proj.id, member_num: 1 });
      // A closed account cannot be added back.
      expect(await refusal(add(max.id, leaver))).toEqual({ status: 404, msg: TeamErrors.userNotFound.msg });
    });

    it('deletes the teams a closing owner owns, with every membership in them, and keeps their other teams', async () => {
      const [admin, member, otherOwner] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const owner = await testUser(t, { region: 'overseas' });
      const owned = await create(owner, 5);
      await add(owned.id, admin, 'admin');
      await add(owned.id, member);
      const joined = await create(otherOwner, 5, 'proj');
      await add(joined.id, owner);
      await add(joined.id, member);

      await close(owner);
      expect(await teamExists(owned.id)).toBe(false);
      expect(await membersOf(owned.id)).toEqual([]);
      expect((await teamOf(admin)).ok().data).toBeNull();
      expect(await teamsOfUser(member)).toEqual([['proj', joined.id]]);
      expect(await membersOf(joined.id)).toEqual(sorted(otherOwner.userId, member.userId));
      // Their former members are free to join another diagram team.
      const next = await create(admin, 3);
      expect((await add(next.id, member)).member_num).toBe(2);
    });

    it('follows closed_at whichever code sets it, and nothing else', async () => {
      const [owner, member] = await Promise.all([testUser(t), testUser(t)]);
      const team = await create(owner, 3);
      await add(team.id, member);
      await sql`UPDATE users SET nick_name = 'renamed' WHERE id = ${owner.userId}`.execute(t.app.db);
      expect(await membersOf(team.id)).toEqual(sorted(owner.userId, member.userId));

      await t.app.db.updateTable('users').set({ closed_at: now }).where('id', '=', owner.userId).execute();
      expect(await teamExists(team.id)).toBe(false);
      expect(await teamsOfUser(member)).toEqual([]);
    });
  });
});
