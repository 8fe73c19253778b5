import { CompanyErrors, getCompaniesRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';

describe.each(dialects)('operator commands for companies on $name', (dialect) => {
  const t = suiteTestApp(dialect);

  const admin = cliRunner(() => t);
  const companiesOf = async (who: TestUser) => (await call(t, getCompaniesRoute, { as: who })).ok().data;

  it('are listed by help, with --lifelong as a switch', async () => {
    const listed = (await admin('help')).json.commands as { name: string; usage: string }[];
    const create = listed.find((command) => command.name === 'company:create');
    expect(create?.usage).toBe(
      'npm run admin -- company:create --name … --owner … --seats … [--lifelong] [--expires …]',
    );
    expect(listed.map((command) => command.name)).toEqual(
      expect.arrayContaining(['company:add-member', 'company:remove-member']),
    );
  });

  it('company:create makes a lifelong company whose owner, named by e-mail, is its creator', async () => {
    const owner = await testUser(t);
    const res = await admin(
      'company:create',
      ...flags({ name: ' Mind  Works ', owner: owner.email.toUpperCase(), seats: '3', lifelong: true }),
    );
    expect(res.code).toBe(0);
    expect(res.json).toEqual({
      id: expect.any(Number),
      company_name: 'Mind Works',
      type: 8,
      num: 3,
      used_num: 1,
      exp: null,
      created_at: t.clock.now(),
      creator: owner.userId,
      members: [
        {
          user_id: owner.userId,
          email: owner.email,
          nick_name: expect.any(String),
          avatar_url: null,
          type: 2,
          joined_at: t.clock.now(),
        },
      ],
    });
    expect(await companiesOf(owner)).toEqual([expect.objectContaining({ id: res.json.id, user_type: 2, type: 8 })]);
  });

  it('company:create --expires makes a time-limited company ending at 00:00 UTC that day', async () => {
    const owner = await testUser(t);
    const res = await admin(
      'company:create',
      ...flags({ name: 'Until', owner: owner.userId, seats: '2', expires: '2027-03-01' }),
    );
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ type: 9, exp: Date.UTC(2027, 2, 1) / 1000, num: 2 });
  });

  it('company:add-member and company:remove-member move people in and out, by id or e-mail', async () => {
    const [owner, helper, member, extra] = await Promise.all([testUser(t), testUser(t), testUser(t), testUser(t)]);
    const created = await admin(
      'company:create',
      ...flags({ name: 'Team A', owner: owner.userId, seats: '3', lifelong: true }),
    );
    const company = String(created.json.id);

    const asAdmin = await admin('company:add-member', '--company', company, '--user', helper.email, '--role', 'admin');
    expect(asAdmin.code).toBe(0);
    const added = await admin('company:add-member', '--company', company, '--user', String(member.userId));
    expect(added.json.used_num).toBe(3);
    // Creator first, then admins, then members (spec 02 §4).
    expect(added.json.members.map((m: { user_id: number; type: number }) => [m.user_id, m.type])).toEqual([
      [owner.userId, 2],
      [helper.userId, 1],
      [member.userId, 0],
    ]);
    expect(await companiesOf(helper)).toEqual([expect.objectContaining({ user_type: 1, used_num: 3 })]);
    expect(await companiesOf(member)).toEqual([expect.objectContaining({ user_type: 0 })]);

    const full = await admin('company:add-member', '--company', company, '--user', String(extra.userId));
    expect(full).toMatchObject({ code: 1, error: { error: CompanyErrors.seatsFull.msg } });

    const removed = await admin('company:remove-member', '--company', company, '--user', member.email);
    expect(removed.code).toBe(0);
    expect(removed.json.used_num).toBe(2);
    expect(await companiesOf(member)).toEqual([]);
    expect((await admin('company:add-member', '--company', company, '--user', String(extra.userId))).code).toBe(0);

    const creator = await admin('company:remove-member', '--company', company, '--user', String(owner.userId));
    expect(creator).toMatchObject({ code: 1, error: { error: CompanyErrors.creatorStays.msg } });
  });

  it('refuses bad command lines and explains why, writing nothing', async () => {
    const owner = await testUser(t);
    const tries: [string[], string | RegExp][] = [
      [
        ['company:create', '--name', 'X', '--owner', String(owner.userId), '--seats', '2'],
        'give exactly one of --lifelong and --expires',
      ],
      [
        [
          'company:create',
          '--name',
          'X',
          '--owner',
          String(owner.userId),
          '--seats',
          '2',
          '--lifelong',
          '--expires',
          '2030-01-01',
        ],
        'give exactly one of --lifelong and --expires',
      ],
      [
        ['company:create', '--name', 'X', '--owner', String(owner.userId), '--seats', '2', '--expires', '1/1/2030'],
        '--expires must be a date, YYYY-MM-DD',
      ],
      [
        ['company:create', '--name', 'X', '--owner', String(owner.userId), '--seats', '2', '--expires', '2001-01-01'],
        'the expiry must lie in the future',
      ],
      [
        ['company:create', '--name', 'X', '--owner', 'somebody', '--seats', '2', '--lifelong'],
        '--owner must be a user id or an e-mail address',
      ],
      [
        ['company:create', '--name', 'X', '--owner', 'nobody@example.com', '--seats', '2', '--lifelong'],
        CompanyErrors.userNotFound.msg,
      ],
      [
        ['company:create', '--name', 'X', '--owner', String(owner.userId), '--seats', 'many', '--lifelong'],
        '--seats must be a whole number',
      ],
      [
        [
          'company:create',
          '--name',
          'A name of far too many letters',
          '--owner',
          String(owner.userId),
          '--seats',
          '2',
          '--lifelong',
        ],
        /1 to 20 characters/,
      ],
      [['company:add-member', '--company', 'x', '--user', String(owner.userId)], '--company must be a whole number'],
      [['company:add-member', '--company', '0', '--user', String(owner.userId)], '--company must be a company id'],
      [
        ['company:add-member', '--company', '1', '--user', String(owner.userId), '--role', 'creator'],
        /--role must be one of admin, member/,
      ],
      [
        ['company:add-member', '--company', '999999', '--user', String(owner.userId)],
        CompanyErrors.companyNotFound.msg,
      ],
    ];
    for (const [argv, message] of tries) {
      const res = await admin(...argv);
      expect(res.code, argv.join(' ')).toBe(1);
      expect(res.error.error, argv.join(' ')).toMatch(message);
    }
    expect(await companiesOf(owner)).toEqual([]);
  });
});
