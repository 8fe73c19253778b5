import {
  addTeamMembersRoute,
  buildPath,
  closeAccountRoute,
  editTeamMembersRoute,
  getTeamListRoute,
  getTeamMembersRoute,
  getTeamPlansRoute,
  getTeamRoute,
  listNotificationsRoute,
  type RouteDef,
  removeTeamMembersRoute,
  renameTeamRoute,
  screenTeamContactsRoute,
  transferTeamRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, type CallOptions } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { tableRowCounts } from '../../../test/helpers/row-counts.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { type PhoneUser, type SignedInUser, type TestUser, testUser } from '../../../test/helpers/users.js';
import { codeFor, DOMESTIC_HOST } from '../account/test-support.js';
import { listDevices } from '../devices/test-support.js';
import { grantSubscription } from '../subscriptions/subscriptions.service.js';

const DAY = 86_400;

describeOnEachDialect('team group order calls on $name', (t, dialect) => {
  const admin = cliRunner(() => t);
  const operator = async (...argv: string[]) => {
    const res = await admin(...argv);
    expect(res.code, JSON.stringify(res.error)).toBe(0);
    return res.json;
  };

  interface Team {
    id: number;
    owner: TestUser;
    admin: TestUser;
    member: TestUser;
    plans: number[];
  }

  /**
   * A diagram team (or `product`) of an owner, an admin and a member, with plans of the seats
   * given (a one-year plan each); `limit` people at most.
   */
  async function team(
    options: { product?: 'max' | 'proj'; seats?: number[]; limit?: number; region?: 'overseas' } = {},
  ): Promise<Team> {
    const region = options.region ? { region: options.region } : {};
    const [owner, teamAdmin, member] = await Promise.all([
      testUser(t, region),
      testUser(t, region),
      testUser(t, region),
    ]);
    const made = await operator(
      ...['team:create', '--product', options.product ?? 'max', '--name', 'Crew', '--owner', String(owner.userId)],
      ...['--members', String(options.limit ?? 50)],
    );
    await join(made, teamAdmin, 'admin');
    await join(made, member);
    const plans: number[] = [];
    for (const seats of options.seats ?? [10, 10]) {
      plans.push(
        (await operator('team:plan-add', '--team', String(made.id), '--type', '61', '--seats', String(seats))).id,
      );
    }
    return { id: made.id, owner, admin: teamAdmin, member, plans };
  }

  /** A seat of `planId` for a member of the team, given by an operator. */
  const seat = (crew: Team, planId: number | undefined, who: SignedInUser) =>
    operator('team:authorize', '--team', String(crew.id), '--plan', String(planId), '--user', String(who.userId));
  /** Someone joins the team as an operator adds them. */
  const join = (crew: Team, who: SignedInUser, role: 'admin' | 'member' = 'member') =>
    operator('team:add-member', '--team', String(crew.id), '--user', String(who.userId), '--role', role);

  /** Closes an account through the API, as its owner would: the code is asked for first. */
  const closing = async (who: TestUser) => {
    const code = await codeFor(t, 11, who.email);
    return () => call(t, closeAccountRoute, { as: who, body: { via: 'email', code }, host: DOMESTIC_HOST });
  };
  const lifetime = (who: TestUser) =>
    grantSubscription(
      t.app.db,
      {
        userId: who.userId,
        product: 'max',
        scope: 'personal',
        platforms: ['win', 'mac'],
        end: { forever: true },
        reference: `lifetime:${who.userId}`,
        reason: 'a lifetime licence of their own',
      },
      t.clock.now(),
    );

  /** Calls a group order route as `who`, on the team's product (diagram unless named). */
  function as<R extends RouteDef>(who: SignedInUser, route: R, options: Omit<CallOptions<R>, 'as'> = {}) {
    return call(t, route, { params: { product: 'max' }, ...options, as: who } as CallOptions<R>);
  }

  const refusedWith = async (promise: Promise<{ status: number; body: unknown }>, status: number, msg: string) => {
    const res = await promise;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect((res.body as { msg: string }).msg).toBe(msg);
  };

  const roleOf = async (teamId: number, userId: number) =>
    (
      await t.app.db
        .selectFrom('team_members')
        .select('role')
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;
  const seatsOf = async (userId: number) =>
    (
      await t.app.db
        .selectFrom('team_plan_seats')
        .select('plan_id')
        .where('user_id', '=', userId)
        .orderBy('plan_id')
        .execute()
    ).map((seat) => seat.plan_id);
  const owners = async (teamId: number) =>
    (
      await t.app.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('role', '=', 1)
        .execute()
    ).map((row) => row.user_id);

  describe('reading', () => {
    it('answers the team on both of the spec’s paths, with its plans and the caller’s seats', async () => {
      const crew = await team();
      await seat(crew, crew.plans[1], crew.member);
      const info = (await as(crew.member, getTeamRoute)).ok().data!;
      expect(info).toMatchObject({ id: crew.id, role: 3, member_num: 3, plan_ids: [crew.plans[1]] });
      expect(info.plan.map((plan) => [plan.id, plan.max_num, plan.plan_num])).toEqual([
        [crew.plans[0], 10, 0],
        [crew.plans[1], 10, 1],
      ]);
      expect((await as(crew.member, getTeamListRoute)).ok().data).toEqual(info);
      // Another user's id is refused before anything is read.
      const res = await as(crew.member, getTeamRoute, { params: { product: 'max', userId: crew.owner.userId } });
      expect(res.status).toBe(403);
    });

    it('lists members owner first, 10 a page, the total in msg, with their plans; a search by e-mail or name', async () => {
      const crew = await team();
      const more: TestUser[] = [];
      for (let i = 0; i < 10; i++) {
        const person = await testUser(t);
        more.push(person);
        await join(crew, person);
      }
      await seat(crew, crew.plans[0], crew.member);
      const first = (await as(crew.member, getTeamMembersRoute, { query: { group_id: crew.id } })).ok();
      expect(first.msg).toBe('13');
      expect(first.count).toBe(13);
      expect(first.data).toHaveLength(10);
      expect(first.data.map((m) => m.role).slice(0, 3)).toEqual([1, 2, 3]);
      expect(first.data[0]).toMatchObject({ user_id: crew.owner.userId, email: crew.owner.email, plan: [] });
      expect(first.data[2]).toMatchObject({
        user_id: crew.member.userId,
        plan: [{ id: crew.plans[0], type: 61, expire: t.clock.now() + 365 * DAY }],
      });
      const second = (await as(crew.member, getTeamMembersRoute, { query: { group_id: crew.id, offset: 10 } })).ok();
      expect(second.data.map((m) => m.user_id)).toEqual(more.slice(7).map((p) => p.userId));
      // By e-mail, whatever its case; `%` and `_` stand for themselves.
      const byMail = (
        await as(crew.owner, getTeamMembersRoute, {
          query: { group_id: crew.id, search: more[4]!.email.toUpperCase() },
        })
      ).ok();
      expect(byMail.data.map((m) => m.user_id)).toEqual([more[4]!.userId]);
      const wild = (await as(crew.owner, getTeamMembersRoute, { query: { group_id: crew.id, search: '%' } })).ok();
      expect(wild.count).toBe(0);
      await t.app.db.updateTable('users').set({ nick_name: 'Zoë Rivers' }).where('id', '=', more[2]!.userId).execute();
      const byName = (
        await as(crew.owner, getTeamMembersRoute, { query: { group_id: crew.id, search: 'rivers' } })
      ).ok();
      expect(byName.data.map((m) => m.user_id)).toEqual([more[2]!.userId]);
      // A mobile is shown masked.
      const phone = (await testUser(t, { via: 'mobile' })) as PhoneUser;
      await join(crew, phone);
      const last = (await as(crew.owner, getTeamMembersRoute, { query: { group_id: crew.id, offset: 13 } })).ok();
      expect(last.data[0]?.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect(last.data[0]?.mobile).not.toBe(phone.mobile);
    });

    it('lists plans 10 a page or up to 100, marked for the member named; the total in msg', async () => {
      const crew = await team({ seats: Array.from({ length: 12 }, () => 5) });
      await seat(crew, crew.plans[11], crew.member);
      const page = (await as(crew.admin, getTeamPlansRoute, { query: { group_id: crew.id } })).ok();
      expect([page.msg, page.count, page.data.length]).toEqual(['12', 12, 10]);
      const all = (
        await as(crew.admin, getTeamPlansRoute, {
          query: { group_id: crew.id, count: 100, user_id: crew.member.userId },
        })
      ).ok();
      expect(all.data.filter((plan) => plan.authorized).map((plan) => plan.id)).toEqual([crew.plans[11]]);
      expect(all.data[11]).toMatchObject({ plan_num: 1, max_num: 5, is_expired: false });
      expect((await as(crew.admin, getTeamPlansRoute, { query: { group_id: crew.id, count: 101 } })).status).toBe(400);
      const outsider = await testUser(t);
      await refusedWith(
        as(crew.admin, getTeamPlansRoute, { query: { group_id: crew.id, user_id: outsider.userId } }),
        404,
        'not a member',
      );
    });

    it('answers “no team” for a team the caller is not in, whatever its id', async () => {
      const crew = await team();
      const outsider = await testUser(t);
      await refusedWith(as(outsider, getTeamMembersRoute, { query: { group_id: crew.id } }), 404, 'no team');
      await refusedWith(as(outsider, getTeamPlansRoute, { query: { group_id: crew.id } }), 404, 'no team');
      // The product of the path counts: the diagram team is not the caller's project team.
      await refusedWith(
        as(crew.owner, getTeamMembersRoute, { params: { product: 'proj' }, query: { group_id: crew.id } }),
        404,
        'no team',
      );
    });
  });

  describe('roles (spec 02 §6), each call against each role', () => {
    it('renames: the owner only; 1 to 70 characters after trimming', async () => {
      const crew = await team();
      for (const who of [crew.admin, crew.member])
        await refusedWith(
          as(who, renameTeamRoute, { body: { group_id: crew.id, group_name: 'Mine' } }),
          403,
          'team permission denied',
        );
      const renamed = (
        await as(crew.owner, renameTeamRoute, { body: { group_id: crew.id, group_name: '  New   name ' } })
      ).ok();
      expect(renamed.data.name).toBe('New name');
      for (const bad of ['   ', 'x'.repeat(71)])
        await refusedWith(
          as(crew.owner, renameTeamRoute, { body: { group_id: crew.id, group_name: bad } }),
          400,
          'invalid team name',
        );
      expect(
        (await as(crew.owner, renameTeamRoute, { body: { group_id: crew.id, group_name: 'a\u0000b' } })).status,
      ).toBe(400);
      expect((await as(crew.member, getTeamRoute)).ok().data?.name).toBe('New name');
    });

    it('adds: owner any role, admin plain members only, member nobody', async () => {
      const crew = await team();
      const [a, b, c, d] = await Promise.all([testUser(t), testUser(t), testUser(t), testUser(t)]);
      const add = (who: TestUser, person: TestUser, role: 2 | 3) =>
        as(who, addTeamMembersRoute, {
          body: { group_id: crew.id, plan_ids: [crew.plans[0]!], role, emails: [person.email] },
        });
      expect((await add(crew.owner, a, 2)).ok().data.user_ids).toEqual([a.userId]);
      expect((await add(crew.admin, b, 3)).ok().data.user_ids).toEqual([b.userId]);
      await refusedWith(add(crew.admin, c, 2), 403, 'team permission denied');
      await refusedWith(add(crew.member, d, 3), 403, 'team permission denied');
      expect(await roleOf(crew.id, a.userId)).toBe(2);
      expect(await roleOf(crew.id, b.userId)).toBe(3);
      expect(await roleOf(crew.id, c.userId)).toBeUndefined();
      expect(await seatsOf(b.userId)).toEqual([crew.plans[0]]);
    });

    it('edits: the owner only their own seats; admins plain members and themself; members nothing', async () => {
      const crew = await team();
      const other = await testUser(t);
      await join(crew, other, 'admin');
      const edit = (who: TestUser, target: TestUser, body: { reverse: 0 | 1; role?: 2 | 3; plan_ids?: number[] }) =>
        as(who, editTeamMembersRoute, { body: { group_id: crew.id, user_ids: [target.userId], ...body } });
      // The owner's row: its seats by the owner (reverse 0 and 1), its role never.
      expect((await edit(crew.owner, crew.owner, { reverse: 0, plan_ids: crew.plans })).status).toBe(200);
      expect(await seatsOf(crew.owner.userId)).toEqual(crew.plans);
      expect((await edit(crew.owner, crew.owner, { reverse: 1, plan_ids: [crew.plans[0]!] })).status).toBe(200);
      expect(await seatsOf(crew.owner.userId)).toEqual([crew.plans[1]]);
      await refusedWith(edit(crew.owner, crew.owner, { reverse: 0, role: 3 }), 409, 'owner cannot be edited');
      await refusedWith(
        edit(crew.admin, crew.owner, { reverse: 1, plan_ids: [crew.plans[1]!] }),
        409,
        'owner cannot be edited',
      );
      // The owner sets roles and plans of anyone else.
      expect((await edit(crew.owner, crew.member, { reverse: 0, role: 2, plan_ids: [crew.plans[0]!] })).status).toBe(
        200,
      );
      expect(await roleOf(crew.id, crew.member.userId)).toBe(2);
      expect((await edit(crew.owner, crew.member, { reverse: 0, role: 3 })).status).toBe(200);
      // An admin: plain members' plans and role, never another admin, never the admin role.
      expect((await edit(crew.admin, crew.member, { reverse: 1, plan_ids: [crew.plans[0]!] })).status).toBe(200);
      expect(await seatsOf(crew.member.userId)).toEqual([]);
      await refusedWith(
        edit(crew.admin, other, { reverse: 0, plan_ids: [crew.plans[0]!] }),
        403,
        'team permission denied',
      );
      await refusedWith(edit(crew.admin, crew.member, { reverse: 0, role: 2 }), 403, 'team permission denied');
      // …and themself: an admin may step down (spec 02 §4).
      expect((await edit(crew.admin, crew.admin, { reverse: 0, role: 3 })).status).toBe(200);
      expect(await roleOf(crew.id, crew.admin.userId)).toBe(3);
      // A member (the former admin too) changes nobody.
      await refusedWith(
        edit(crew.admin, crew.member, { reverse: 0, plan_ids: [crew.plans[0]!] }),
        403,
        'team permission denied',
      );
      await refusedWith(
        edit(crew.member, crew.member, { reverse: 0, plan_ids: [crew.plans[0]!] }),
        403,
        'team permission denied',
      );
    });

    it('removes: never the owner; admins plain members and themself; members nobody', async () => {
      const crew = await team();
      const [other, plain] = await Promise.all([testUser(t), testUser(t)]);
      await join(crew, other, 'admin');
      await join(crew, plain);
      const remove = (who: TestUser, target: TestUser) =>
        as(who, removeTeamMembersRoute, { body: { group_id: crew.id, user_ids: [target.userId] } });
      for (const who of [crew.owner, crew.admin, crew.member])
        await refusedWith(
          remove(who, crew.owner),
          who === crew.member ? 403 : 409,
          who === crew.member ? 'team permission denied' : 'owner cannot be removed',
        );
      await refusedWith(remove(crew.member, plain), 403, 'team permission denied');
      await refusedWith(remove(crew.admin, other), 403, 'team permission denied');
      await seat(crew, crew.plans[0], plain);
      expect((await remove(crew.admin, plain)).status).toBe(200);
      expect(await roleOf(crew.id, plain.userId)).toBeUndefined();
      expect(await seatsOf(plain.userId)).toEqual([]);
      expect((await remove(crew.owner, other)).status).toBe(200);
      // Removing oneself.
      expect((await remove(crew.admin, crew.admin)).status).toBe(200);
      expect((await as(crew.admin, getTeamRoute)).ok().data).toBeNull();
      // The same call with many: all or none.
      const [x, y] = await Promise.all([testUser(t), testUser(t)]);
      await join(crew, x);
      await join(crew, y, 'admin');
      await refusedWith(
        as(crew.member, removeTeamMembersRoute, { body: { group_id: crew.id, user_ids: [x.userId, y.userId] } }),
        403,
        'team permission denied',
      );
      expect(await roleOf(crew.id, x.userId)).toBe(3);
    });

    it('hands over: the diagram team’s owner in the domestic build; the old owner stays or leaves', async () => {
      const crew = await team();
      const to = (who: TestUser, target: TestUser, option?: 1 | 2) =>
        as(who, transferTeamRoute, {
          body: { group_id: crew.id, user_id: target.userId, ...(option ? { option } : {}) },
        });
      for (const who of [crew.admin, crew.member])
        await refusedWith(to(who, crew.admin), 403, 'team permission denied');
      await refusedWith(to(crew.owner, crew.owner), 409, 'owner cannot be edited');
      const outsider = await testUser(t);
      await refusedWith(to(crew.owner, outsider), 404, 'not a member');
      await seat(crew, crew.plans[0], crew.owner);
      const after = (await to(crew.owner, crew.admin)).ok().data;
      expect(after).toMatchObject({ role: 3, user_id: crew.admin.userId });
      expect(await owners(crew.id)).toEqual([crew.admin.userId]);
      // The new owner is told, in their language (a domestic account's default: Chinese).
      const told = (await as(crew.admin, listNotificationsRoute)).ok().data.notify;
      expect(told.map((message) => message.content)).toContainEqual(
        expect.stringContaining('团队“Crew”已转让给你，你现在是它的所有者。'),
      );
      // The old owner stays a member with their seat (option 1).
      expect(await seatsOf(crew.owner.userId)).toEqual([crew.plans[0]]);
      // Option 2: the old owner leaves, their seats freed.
      await seat(crew, crew.plans[0], crew.admin);
      expect((await to(crew.admin, crew.member, 2)).ok().data).toBeNull();
      expect(await owners(crew.id)).toEqual([crew.member.userId]);
      expect(await roleOf(crew.id, crew.admin.userId)).toBeUndefined();
      expect(await seatsOf(crew.admin.userId)).toEqual([]);
    });

    it('offers the handover in the diagram team of the domestic build only', async () => {
      const proj = await team({ product: 'proj' });
      await refusedWith(
        as(proj.owner, transferTeamRoute, {
          params: { product: 'proj' },
          body: { group_id: proj.id, user_id: proj.admin.userId },
        }),
        400,
        'transfer not offered',
      );
      const abroad = await team({ region: 'overseas' });
      await refusedWith(
        as(abroad.owner, transferTeamRoute, { body: { group_id: abroad.id, user_id: abroad.admin.userId } }),
        400,
        'transfer not offered',
      );
      expect(await owners(abroad.id)).toEqual([abroad.owner.userId]);
    });
  });

  describe('the member filter and adding (spec 02 §4, §5, §8)', () => {
    it('recognises open accounts in no team without a lifetime licence; mobiles in the domestic build only', async () => {
      const crew = await team();
      const elsewhere = await team();
      const [free, lifer, closed] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const phone = (await testUser(t, { via: 'mobile' })) as PhoneUser;
      await lifetime(lifer);
      const closedEmail = closed.email;
      expect((await (await closing(closed))()).status).toBe(200);
      const screen = (body: object) =>
        as(crew.admin, screenTeamContactsRoute, { body: { group_id: crew.id, match: 0, ...body } as never });
      const invitees = (
        await screen({
          emails: [
            free.email.toUpperCase(),
            lifer.email,
            elsewhere.member.email,
            crew.member.email,
            closedEmail,
            'nobody@example.com',
          ],
        })
      ).ok().data.invitees;
      expect(invitees).toEqual([
        { email: free.email, mobile: null, user_id: free.userId, nick_name: expect.any(String) },
      ]);
      expect((await screen({ mobiles: [phone.mobile] })).ok().data.invitees).toEqual([
        { email: null, mobile: phone.mobile, user_id: phone.userId, nick_name: expect.any(String) },
      ]);
      expect((await screen({ user_ids: [free.userId, free.userId] })).ok().data.invitees).toHaveLength(1);
      // One kind a call; match 1 names one contact.
      await refusedWith(screen({ emails: [free.email], user_ids: [free.userId] }), 400, 'invalid request');
      await refusedWith(screen({}), 400, 'invalid request');
      await refusedWith(
        as(crew.admin, screenTeamContactsRoute, {
          body: { group_id: crew.id, match: 1, emails: [free.email, lifer.email] },
        }),
        400,
        'invalid request',
      );
      await refusedWith(screen({ mobiles: ['12345678901'] }), 400, 'invalid request');
      // A plain member does not add.
      await refusedWith(
        as(crew.member, screenTeamContactsRoute, { body: { group_id: crew.id, match: 1, emails: [free.email] } }),
        403,
        'team permission denied',
      );
      // Overseas: no mobiles.
      const abroad = await team({ region: 'overseas' });
      await refusedWith(
        as(abroad.owner, screenTeamContactsRoute, { body: { group_id: abroad.id, match: 1, mobiles: [phone.mobile] } }),
        400,
        'not available in this region',
      );
    });

    it('answers group num limit when the people found are more than the free places', async () => {
      const crew = await team({ limit: 4 });
      const [a, b] = await Promise.all([testUser(t), testUser(t)]);
      const screen = (emails: string[]) =>
        as(crew.owner, screenTeamContactsRoute, { body: { group_id: crew.id, match: 0, emails } });
      expect((await screen([a.email])).ok().data.invitees).toHaveLength(1);
      await refusedWith(screen([a.email, b.email]), 409, 'group num limit');
      await join(crew, a);
      await refusedWith(screen(['nobody@example.com']), 409, 'group num limit');
    });

    it('adds everyone with a seat of each plan, or nobody; each refusal writes nothing', async () => {
      const crew = await team({ seats: [2, 10], limit: 10 });
      const people = await Promise.all([testUser(t), testUser(t), testUser(t)]);
      const lifer = await testUser(t);
      await lifetime(lifer);
      const elsewhere = await team();
      const add = (body: object, key?: string) =>
        as(crew.admin, addTeamMembersRoute, {
          body: { group_id: crew.id, plan_ids: [crew.plans[1]!], role: 3, ...body } as never,
          ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
        });
      const refusals: [object, number, string][] = [
        [{ plan_ids: [], emails: [people[0]!.email] }, 400, 'plan required'],
        [{ emails: ['nobody@example.com'] }, 404, 'user not exists'],
        [{ emails: [people[0]!.email, elsewhere.member.email] }, 409, 'member already exist other team'],
        [{ emails: [crew.member.email] }, 409, 'member already exist'],
        [{ emails: [lifer.email] }, 409, 'member has lifetime subscription'],
        [{ plan_ids: [crew.plans[0]!], emails: people.map((p) => p.email) }, 409, 'group num limit'],
        [{ plan_ids: [999_999], emails: [people[0]!.email] }, 404, 'plan not exists'],
        [{ emails: [people[0]!.email], user_ids: [people[1]!.userId] }, 400, 'invalid request'],
      ];
      for (const [body, status, msg] of refusals) {
        const before = await tableRowCounts(t);
        await refusedWith(add(body), status, msg);
        expect(await tableRowCounts(t), msg).toEqual(before);
      }
      const res = (await add({ emails: people.map((p) => p.email) }, 'add-three')).ok();
      expect(res.data.user_ids).toEqual(people.map((p) => p.userId));
      // The same request again answers the same and adds nobody twice.
      const before = await tableRowCounts(t);
      expect((await add({ emails: people.map((p) => p.email) }, 'add-three')).ok()).toEqual(res);
      expect(await tableRowCounts(t)).toEqual(before);
      for (const person of people) expect(await seatsOf(person.userId)).toEqual([crew.plans[1]]);
      // A seat gives the team membership's one device (spec 01 §9).
      const devices = (await listDevices(t, people[0]!.token, people[0]!.userId, 'diagram')).ok();
      expect(devices.limit).toBe(1);
    });

    it('refuses mobiles overseas when adding', async () => {
      const abroad = await team({ region: 'overseas' });
      await refusedWith(
        as(abroad.owner, addTeamMembersRoute, {
          body: { group_id: abroad.id, plan_ids: [abroad.plans[0]!], role: 3, mobiles: ['13800138000'] },
        }),
        400,
        'not available in this region',
      );
    });
  });

  describe('invariants under concurrency', () => {
    /** A second instance on PostgreSQL; SQLite's instances in one process would block each other's waits. */
    const instances = async (): Promise<FastifyInstance[]> => [
      t.app,
      dialect.name === 'postgres' ? await t.anotherInstance() : t.app,
    ];
    const inject = <R extends RouteDef>(
      app: FastifyInstance,
      who: SignedInUser,
      route: R,
      product: string,
      body: object,
    ) =>
      app.inject({
        method: route.method,
        url: buildPath(route.path, { userId: who.userId, product }),
        headers: who.headers(),
        payload: body,
      });

    /** Adds at once, through two instances: each `[team, who is added]`, by the team's owner. */
    const addAtOnce = async (adds: [Team, { emails: string[] } | { user_ids: number[] }][]) => {
      const apps = await instances();
      return Promise.all(
        adds.map(([crew, contact], i) =>
          inject(apps[i % 2]!, crew.owner, addTeamMembersRoute, 'max', {
            group_id: crew.id,
            plan_ids: [crew.plans[0]],
            role: 3,
            ...contact,
          }),
        ),
      );
    };

    it('20 people added at once to a team with 5 free places: exactly 5 join', async () => {
      const crew = await team({ limit: 8, seats: [50] });
      const people = await Promise.all(Array.from({ length: 20 }, () => testUser(t)));
      const results = await addAtOnce(people.map((person) => [crew, { emails: [person.email] }]));
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(5);
      expect(new Set(results.filter((res) => res.statusCode !== 200).map((res) => res.json().msg))).toEqual(
        new Set(['group num limit']),
      );
      expect((await as(crew.owner, getTeamRoute)).ok().data).toMatchObject({ member_num: 8, member_limit: 8 });
      expect((await as(crew.owner, getTeamRoute)).ok().data?.plan[0]?.plan_num).toBe(5);
    });

    it('one person added at once by ten teams ends in exactly one', async () => {
      const teams = await Promise.all(Array.from({ length: 10 }, () => team()));
      const person = await testUser(t);
      const results = await addAtOnce(teams.map((crew) => [crew, { user_ids: [person.userId] }]));
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      const memberships = await t.app.db
        .selectFrom('team_members')
        .select('team_id')
        .where('user_id', '=', person.userId)
        .execute();
      expect(memberships).toHaveLength(1);
      expect(await seatsOf(person.userId)).toHaveLength(1);
    });

    it('a handover racing another handover, a removal or the new owner’s closing leaves exactly one owner', async () => {
      const apps = await instances();
      for (let round = 0; round < 3; round++) {
        const crew = await team();
        const [a, b] = [crew.admin, crew.member];
        const results = await Promise.all([
          inject(apps[0]!, crew.owner, transferTeamRoute, 'max', { group_id: crew.id, user_id: a.userId }),
          inject(apps[1]!, crew.owner, transferTeamRoute, 'max', { group_id: crew.id, user_id: b.userId, option: 2 }),
          // The admin removing the member the owner hands the team to.
          inject(apps[round % 2]!, a, removeTeamMembersRoute, 'max', { group_id: crew.id, user_ids: [b.userId] }),
        ]);
        expect(results.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(1);
        expect(await owners(crew.id)).toHaveLength(1);
      }
      // Racing the closing of the member who becomes owner: one owner, or no team when the
      // closing came second and took the team its account then owned.
      for (let round = 0; round < 3; round++) {
        const crew = await team();
        const close = await closing(crew.member);
        await Promise.all([
          inject(apps[round % 2]!, crew.owner, transferTeamRoute, 'max', {
            group_id: crew.id,
            user_id: crew.member.userId,
          }),
          close(),
        ]);
        const left = await t.app.db.selectFrom('teams').select('id').where('id', '=', crew.id).executeTakeFirst();
        if (left) expect(await owners(crew.id)).toHaveLength(1);
        else expect(await owners(crew.id)).toHaveLength(0);
      }
    });
  });
});
