import { getTeamRoute, TeamErrors, type TeamProduct } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';

describe.each(dialects)('operator commands for teams on $name', (dialect) => {
  const t = suiteTestApp(dialect);

  const admin = cliRunner(() => t);
  const teamOf = async (who: TestUser, product: TeamProduct = 'max') =>
    (await call(t, getTeamRoute, { params: { product }, as: who })).ok().data;
  const createTeam = async (owner: TestUser, members: number, product = 'max') => {
    const res = await admin(
      'team:create',
      ...flags({ product: product, name: 'Crew', owner: owner.userId, members: members }),
    );
    expect(res.code).toBe(0);
    return String(res.json.id);
  };

  it('are listed by help with their options', async () => {
    const listed = (await admin('help')).json.commands as { name: string; usage: string }[];
    const usageOf = (name: string) => listed.find((command) => command.name === name)?.usage;
    expect(usageOf('team:create')).toBe(
      'npm run admin -- team:create --product max|proj --name … --owner … --members …',
    );
    expect(usageOf('team:add-member')).toBe('npm run admin -- team:add-member --team … --user … [--role admin|member]');
    expect(usageOf('team:remove-member')).toBe('npm run admin -- team:remove-member --team … --user …');
    expect(usageOf('team:delete')).toBe('npm run admin -- team:delete --team …');
    expect(usageOf('team:show')).toBe('npm run admin -- team:show --team …');
  });

  it('team:show lists a team’s members, owner first, with their seats, and its plans', async () => {
    const [owner, ann, bob] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
    const team = await createTeam(owner, 5);
    expect((await admin('team:add-member', '--team', team, '--user', ann.email, '--role', 'admin')).code).toBe(0);
    expect((await admin('team:add-member', '--team', team, '--user', bob.email)).code).toBe(0);
    const plan = (await admin('team:plan-add', '--team', team, '--type', '63', '--seats', '3')).json;
    expect((await admin('team:authorize', '--team', team, '--plan', String(plan.id), '--user', bob.email)).code).toBe(
      0,
    );
    const shown = await admin('team:show', '--team', team);
    expect(shown.code).toBe(0);
    expect(shown.json).toMatchObject({ id: Number(team), product: 'max', member_num: 3, member_limit: 5 });
    expect(
      shown.json.members.map((m: { user_id: number; role: number; plan_ids: number[] }) => [
        m.user_id,
        m.role,
        m.plan_ids,
      ]),
    ).toEqual([
      [owner.userId, 1, []],
      [ann.userId, 2, []],
      [bob.userId, 3, [plan.id]],
    ]);
    expect(shown.json.plans).toEqual([{ ...plan, plan_num: 1 }]);
    expect((await admin('team:show', '--team', '999999')).error.error).toBe('team not exists');
  });

  it('team:create makes a team whose owner, named by e-mail, is its first member', async () => {
    const owner = await testUser(t);
    const res = await admin(
      'team:create',
      ...flags({ product: 'max', name: ' Diagram   Crew ', owner: owner.email.toUpperCase(), members: '3' }),
    );
    expect(res.code).toBe(0);
    expect(res.json).toEqual({
      id: expect.any(Number),
      product: 'max',
      name: 'Diagram Crew',
      member_limit: 3,
      member_num: 1,
      created_at: t.clock.now(),
      members: [
        { user_id: owner.userId, email: owner.email, nick_name: expect.any(String), role: 1, joined_at: t.clock.now() },
      ],
    });
    expect(await teamOf(owner)).toMatchObject({ id: res.json.id, role: 1, member_num: 1, member_limit: 3 });
    expect(await teamOf(owner, 'proj')).toBeNull();

    const again = await admin(
      'team:create',
      ...flags({ product: 'max', name: 'Second', owner: owner.email, members: '2' }),
    );
    expect(again).toMatchObject({ code: 1, error: { error: TeamErrors.otherTeam.msg } });
    const project = await admin(
      'team:create',
      ...flags({ product: 'proj', name: 'Plans', owner: owner.email, members: '2' }),
    );
    expect(project.json).toMatchObject({ product: 'proj', name: 'Plans', member_num: 1 });
  });

  it('team:add-member and team:remove-member move people in and out, by id or e-mail', async () => {
    const [owner, helper, member, extra] = await Promise.all([testUser(t), testUser(t), testUser(t), testUser(t)]);
    const team = await createTeam(owner, 3);

    const asAdmin = await admin('team:add-member', '--team', team, '--user', helper.email, '--role', 'admin');
    expect(asAdmin.code).toBe(0);
    const added = await admin('team:add-member', '--team', team, '--user', String(member.userId));
    expect(added.json.member_num).toBe(3);
    // Owner first, then admins, then members (spec 02 §4).
    expect(added.json.members.map((m: { user_id: number; role: number }) => [m.user_id, m.role])).toEqual([
      [owner.userId, 1],
      [helper.userId, 2],
      [member.userId, 3],
    ]);
    expect(await teamOf(helper)).toMatchObject({ role: 2, member_num: 3, user_id: owner.userId });
    expect(await teamOf(member)).toMatchObject({ role: 3 });

    const full = await admin('team:add-member', '--team', team, '--user', String(extra.userId));
    expect(full).toMatchObject({ code: 1, error: { error: TeamErrors.memberLimit.msg } });
    const twice = await admin('team:add-member', '--team', team, '--user', String(member.userId));
    expect(twice).toMatchObject({ code: 1, error: { error: TeamErrors.alreadyMember.msg } });

    const removed = await admin('team:remove-member', '--team', team, '--user', member.email);
    expect(removed.code).toBe(0);
    expect(removed.json.member_num).toBe(2);
    expect(await teamOf(member)).toBeNull();
    expect((await admin('team:add-member', '--team', team, '--user', String(extra.userId))).code).toBe(0);

    const ownerStays = await admin('team:remove-member', '--team', team, '--user', String(owner.userId));
    expect(ownerStays).toMatchObject({ code: 1, error: { error: TeamErrors.ownerStays.msg } });
    const notMember = await admin('team:remove-member', '--team', team, '--user', String(member.userId));
    expect(notMember).toMatchObject({ code: 1, error: { error: TeamErrors.notMember.msg } });
  });

  it('team:add-member refuses a person already in another team of the product', async () => {
    const [ownerA, ownerB, person] = await Promise.all([testUser(t), testUser(t), testUser(t)]);
    const a = await createTeam(ownerA, 3);
    const b = await createTeam(ownerB, 3);
    expect((await admin('team:add-member', '--team', a, '--user', String(person.userId))).code).toBe(0);
    const other = await admin('team:add-member', '--team', b, '--user', String(person.userId));
    expect(other).toMatchObject({ code: 1, error: { error: TeamErrors.otherTeam.msg } });
  });

  it('team:delete deletes the team and its memberships and prints it as it was', async () => {
    const [owner, member] = await Promise.all([testUser(t), testUser(t)]);
    const team = await createTeam(owner, 3, 'proj');
    await admin('team:add-member', '--team', team, '--user', String(member.userId));

    const deleted = await admin('team:delete', '--team', team);
    expect(deleted.code).toBe(0);
    expect(deleted.json.deleted).toMatchObject({ id: Number(team), product: 'proj', member_num: 2 });
    expect(await teamOf(owner, 'proj')).toBeNull();
    expect(await teamOf(member, 'proj')).toBeNull();
    const again = await admin('team:delete', '--team', team);
    expect(again).toMatchObject({ code: 1, error: { error: TeamErrors.teamNotFound.msg } });
  });

  it('refuses bad command lines and explains why, writing nothing', async () => {
    const owner = await testUser(t);
    const id = String(owner.userId);
    const create = (...changed: string[]) => {
      const given = Object.fromEntries(
        changed.flatMap((flag, index) => (index % 2 === 0 ? [[flag, changed[index + 1] as string]] : [])),
      );
      const merged = { '--product': 'max', '--name': 'X', '--owner': id, '--members': '2', ...given };
      return ['team:create', ...Object.entries(merged).flat()];
    };
    const tries: [string[], string | RegExp][] = [
      [create('--product', 'mind'), /--product must be one of max, proj/],
      [create('--owner', 'somebody'), '--owner must be a user id or an e-mail address'],
      [create('--owner', 'nobody@example.com'), TeamErrors.userNotFound.msg],
      [create('--members', 'many'), '--members must be a whole number'],
      [create('--members', '0'), /members must be a whole number from 1 to 100000/],
      [create('--name', 'n'.repeat(71)), /1 to 70 characters/],
      [create('--name', '   '), /1 to 70 characters/],
      [['team:create', '--product', 'max', '--name', 'X', '--owner', id], '--members is required'],
      [['team:add-member', '--team', 'x', '--user', id], '--team must be a whole number'],
      [['team:add-member', '--team', '0', '--user', id], '--team must be a team id'],
      [['team:add-member', '--team', '1', '--user', id, '--role', 'owner'], /--role must be one of admin, member/],
      [['team:add-member', '--team', '999999', '--user', id], TeamErrors.teamNotFound.msg],
      [['team:remove-member', '--team', '999999', '--user', id], TeamErrors.teamNotFound.msg],
      [['team:delete', '--team', '-3'], '--team must be a team id'],
    ];
    for (const [argv, message] of tries) {
      const res = await admin(...argv);
      expect(res.code, argv.join(' ')).toBe(1);
      expect(res.error.error, argv.join(' ')).toMatch(message);
    }
    expect(await teamOf(owner)).toBeNull();
  });
});
