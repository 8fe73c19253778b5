import { closeAccountRoute, FOREVER_EXPIRY, isVip } from '@account-centre/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { codeFor, DOMESTIC_HOST } from '../account/test-support.js';
import { subscriptionRecords } from '../subscriptions/subscriptions.service.js';
import { authorizeSeat } from './plans.service.js';

const DAY = 86_400;

describeOnEachDialect('team plans and seats on $name', (t, dialect) => {
  const admin = cliRunner(() => t);
  const ok = async (...argv: string[]) => {
    const res = await admin(...argv);
    expect(res.code, JSON.stringify(res.error)).toBe(0);
    return res.json;
  };
  const refused = async (...argv: string[]) => (await admin(...argv)).error;

  /** A diagram team of `owner` with `others` as members, and a plan of `seats` seats. */
  async function teamWithPlan(owner: TestUser, others: TestUser[], seats: number, type = '61') {
    const team = await ok(
      ...['team:create', '--product', 'max', '--name', 'Design', '--owner', String(owner.userId)],
      '--members',
      '100',
    );
    for (const member of others)
      await ok('team:add-member', '--team', String(team.id), '--user', String(member.userId));
    const plan = await ok('team:plan-add', '--team', String(team.id), '--type', type, '--seats', String(seats));
    return { team: String(team.id), plan: String(plan.id), planView: plan };
  }
  const authorize = (team: string, plan: string, user: TestUser) =>
    admin('team:authorize', '--team', team, '--plan', plan, '--user', String(user.userId));
  const record = async (user: TestUser) =>
    (await subscriptionRecords(t.app.db, user.userId)).find((row) => row.product === 'max');
  const close = async (who: TestUser) => {
    const res = await call(t, closeAccountRoute, {
      as: who,
      body: { via: 'email', code: await codeFor(t, 11, who.email) },
      host: DOMESTIC_HOST,
    });
    expect(res.status).toBe(200);
  };
  const vip = async (user: TestUser) => isVip(await subscriptionRecords(t.app.db, user.userId), t.clock.now());

  it('gives a plan its type’s term, and an authorized member the team part of their licence', async () => {
    const owner = await testUser(t);
    const ann = await testUser(t);
    const { team, plan, planView } = await teamWithPlan(owner, [ann], 2);
    expect(planView).toEqual({
      id: expect.any(Number),
      type: 61,
      expire: t.clock.now() + 365 * DAY,
      max_num: 2,
      plan_num: 0,
      is_expired: false,
    });
    expect(await vip(ann)).toBe(false);
    expect((await ok('team:authorize', '--team', team, '--plan', plan, '--user', String(ann.userId))).plan_num).toBe(1);
    expect(await record(ann)).toMatchObject({
      group: 'Design',
      group_exp: t.clock.now() + 365 * DAY,
      group_mobile_exp: t.clock.now() + 365 * DAY,
    });
    expect(await vip(ann)).toBe(true);
    expect((await refused('team:authorize', '--team', team, '--plan', plan, '--user', String(ann.userId))).error).toBe(
      'plan already authorized',
    );

    // Unauthorized: the seat is free again and the team licence goes.
    expect((await ok('team:unauthorize', '--team', team, '--plan', plan, '--user', String(ann.userId))).plan_num).toBe(
      0,
    );
    expect(await record(ann)).toBeUndefined();
    expect(await vip(ann)).toBe(false);
    expect(
      (await refused('team:unauthorize', '--team', team, '--plan', plan, '--user', String(ann.userId))).error,
    ).toBe('plan not authorized');
  });

  it('gives seats only to members, and a lifetime or limited-platform plan never ends', async () => {
    const owner = await testUser(t);
    const ben = await testUser(t);
    const stranger = await testUser(t);
    const { team } = await teamWithPlan(owner, [ben], 1);
    const lifetime = await ok('team:plan-add', '--team', team, '--type', '306', '--seats', '1');
    expect(lifetime.expire).toBeNull();
    expect((await authorize(team, String(lifetime.id), stranger)).error.error).toBe('not a member');
    await ok('team:authorize', '--team', team, '--plan', String(lifetime.id), '--user', String(ben.userId));
    // A limited-platform plan licenses the desktop only.
    expect(await record(ben)).toMatchObject({ group_exp: FOREVER_EXPIRY, group_mobile_exp: null });
    expect((await refused('team:plan-add', '--team', team, '--type', '99', '--seats', '1')).error).toBe(
      'unknown team plan type',
    );
  });

  it('takes the seat and its licence away when the member leaves, the plan ends or the team goes', async () => {
    const owner = await testUser(t);
    const [cy, dee, eve] = [await testUser(t), await testUser(t), await testUser(t)];
    const { team, plan } = await teamWithPlan(owner, [cy, dee, eve], 3, '70');
    for (const member of [cy, dee, eve])
      await ok('team:authorize', '--team', team, '--plan', plan, '--user', String(member.userId));

    await ok('team:remove-member', '--team', team, '--user', String(cy.userId));
    expect(await record(cy)).toBeUndefined();
    expect((await ok('team:plans', '--team', team))[0]).toMatchObject({ plan_num: 2 });

    // A 7-day trial: after its end the seat's licence has ended with it, and nobody new is authorized.
    t.clock.advance(8 * DAY);
    expect(await vip(dee)).toBe(false);
    expect((await ok('team:plans', '--team', team))[0]).toMatchObject({ is_expired: true });
    await ok('team:add-member', '--team', team, '--user', String(cy.userId));
    expect((await authorize(team, plan, cy)).error.error).toBe('plan expired');

    // Extended by the operator: every seat's licence follows the new end.
    const until = t.clock.now() + 30 * DAY;
    await ok('team:plan-set', '--plan', plan, '--expires', String(until));
    expect(await record(dee)).toMatchObject({ group_exp: until });
    expect(await vip(eve)).toBe(true);
    expect((await refused('team:plan-set', '--plan', plan, '--seats', '1')).error).toMatch(/2 seats are taken/);

    await ok('team:delete', '--team', team);
    expect(await record(dee)).toBeUndefined();
    expect(await record(eve)).toBeUndefined();
  });

  it('50 authorizations at once on a plan with 5 free seats: exactly 5, and the database refuses a sixth', async () => {
    const owner = await testUser(t);
    const members: TestUser[] = [];
    for (let i = 0; i < 50; i++) members.push(await testUser(t));
    const { team, plan } = await teamWithPlan(owner, members, 5);
    // A second instance on PostgreSQL; SQLite's instances in one process would block each other's waits.
    const other = dialect.name === 'postgres' ? (await t.anotherInstance()).db : t.app.db;
    const outcomes = await Promise.all(
      members.map((member, i) =>
        authorizeSeat(
          i % 2 === 0 ? t.app.db : other,
          { teamId: Number(team), planId: Number(plan), userId: member.userId },
          t.clock.now(),
        ).then(
          () => 'seat',
          (error: { msg?: string; message?: string }) => error.msg ?? String(error.message),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'seat')).toHaveLength(5);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'seat'))).toEqual(new Set(['group num limit']));
    const seats = await t.app.db
      .selectFrom('team_plan_seats')
      .selectAll()
      .where('plan_id', '=', Number(plan))
      .execute();
    expect(seats).toHaveLength(5);
    expect((await ok('team:plans', '--team', team))[0]).toMatchObject({ plan_num: 5, max_num: 5 });
    const holders = new Set(seats.map((seat) => seat.user_id));
    let vips = 0;
    for (const member of members) if (await vip(member)) vips++;
    expect(vips).toBe(5);
    // Written by hand past the service: the seat count's check refuses it.
    const outsider = members.find((member) => !holders.has(member.userId))!;
    await expect(
      t.app.db
        .insertInto('team_plan_seats')
        .values({
          plan_id: Number(plan),
          team_id: Number(team),
          user_id: outsider.userId,
          licence_grant_id: 1,
          created_at: 0,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(sql`UPDATE team_plans SET max_num = 4 WHERE id = ${Number(plan)}`.execute(t.app.db)).rejects.toThrow();
  });

  it('closing the owner’s account takes its members’ team licences back; a member’s closing frees its seat', async () => {
    const owner = await testUser(t);
    const [fay, gus] = [await testUser(t), await testUser(t)];
    const { team, plan } = await teamWithPlan(owner, [fay, gus], 2);
    for (const member of [fay, gus])
      await ok('team:authorize', '--team', team, '--plan', plan, '--user', String(member.userId));
    await close(gus);
    expect((await ok('team:plans', '--team', team))[0]).toMatchObject({ plan_num: 1 });
    await close(owner);
    expect(await record(fay)).toBeUndefined();
    expect(await t.app.db.selectFrom('team_plans').select('id').where('team_id', '=', Number(team)).execute()).toEqual(
      [],
    );
  });
});
