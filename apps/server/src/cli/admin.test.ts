import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  getIncomeDetailRoute,
  getIncomeRoute,
  getAiPointsRoute,
  getCouponsRoute,
  getTeamRoute,
  getTemplateCreditRoute,
  listAiPointAcquisitionsRoute,
  listAiPointUsageRoute,
  listNotificationsRoute,
  listPurchasedCoursesRoute,
  listRecommendedCoursesRoute,
  listTemplateCreditRecordsRoute,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { login } from '../../test/helpers/auth.js';
import { call } from '../../test/helpers/call.js';
import { cliRunner } from '../../test/helpers/cli.js';
import { asCaller } from '../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../test/helpers/test-app.js';
import { runCli } from './cli.js';
import { commands } from './commands/index.js';
import { DEMO_EMAIL, seedDemoIfEmpty } from './demo-seed.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = {
  NODE_ENV: 'test',
  SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
  DATA_DIR: path.join(os.tmpdir(), 'account-centre-cli-test'),
};

describe.each(dialects)('operator CLI on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  // The CLI works on the test app's database, so the API can sign in what it creates.
  const admin = cliRunner(() => t, commands);

  it('lists its commands with help, and by default', async () => {
    for (const argv of [['help'], []]) {
      const res = await admin(...argv);
      expect(res.code).toBe(0);
      const names = res.json.commands.map((c: { name: string }) => c.name);
      expect(names).toEqual(commands.map((c) => c.name));
      expect(names).toEqual(expect.arrayContaining(['help', 'user:create', 'seed:demo']));
      expect(res.json.localised).toContain('--<option>-<language>');
      expect(res.json.localised).toContain('zh, en, de, fr, es, jp, tw, it, pt, kr, id, ru');
    }
  });

  it('creates a user who can then sign in', async () => {
    const res = await admin(
      'user:create',
      '--email',
      'Operator.Made@Example.com',
      '--password',
      'Sturdy-Lantern-8',
      '--nick',
      'Op',
    );
    expect(res.code).toBe(0);
    expect(res.json).toEqual({
      user_id: expect.any(Number),
      email: 'operator.made@example.com',
      mobile: null,
      region: 'overseas',
      nick_name: 'Op',
    });
    const signIn = await login(t, { account: 'operator.made@example.com', password: 'Sturdy-Lantern-8' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user_id).toBe(res.json.user_id);
  });

  it('creates a domestic user with a mobile, by --flag=value too', async () => {
    const res = await admin(
      'user:create',
      '--email=m@example.com',
      '--password=Sturdy-Lantern-8',
      '--mobile=13911112222',
    );
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ mobile: '13911112222', region: 'domestic' });
  });

  it.each([
    [['user:create', '--password', 'Sturdy-Lantern-8'], '--email is required'],
    [['user:create', '--email', 'x@example.com'], '--password is required'],
    [['user:create', '--email', 'x@example.com', '--password'], '--password needs a value'],
    [
      ['user:create', '--email', 'x@example.com', '--password', 'Sturdy-Lantern-8', '--admin', 'yes'],
      'unknown option --admin',
    ],
    [
      ['user:create', '--email', 'x@example.com', '--password', 'Sturdy-Lantern-8', '--region', 'mars'],
      '--region must be one of domestic, overseas',
    ],
    [['user:create', 'x@example.com'], 'unexpected argument "x@example.com"'],
    [['user:delete-everything'], 'unknown command "user:delete-everything"'],
  ])('refuses %j with a JSON error and exit code 1', async (argv, message) => {
    const res = await admin(...argv);
    expect(res.code).toBe(1);
    expect(res.json).toBeUndefined();
    expect(res.error.error).toBe(message);
  });

  it('applies the sign-up rules: weak passwords, bad addresses and duplicates are refused', async () => {
    expect((await admin('user:create', '--email', 'w@example.com', '--password', 'password123')).error).toEqual({
      error: 'weak password',
      code: 2,
    });
    expect((await admin('user:create', '--email', 'not-an-email', '--password', 'Sturdy-Lantern-8')).error).toEqual({
      error: 'invalid request',
      code: 1,
    });
    await admin('user:create', '--email', 'twice@example.com', '--password', 'Sturdy-Lantern-8');
    const again = await admin('user:create', '--email', 'TWICE@example.com', '--password', 'Sturdy-Lantern-8');
    expect(again.code).toBe(1);
    expect(again.error).toEqual({ error: 'account exists', code: 8 });
  });

  it('runs a batch of commands in one process, in order, and stops at the first that fails', async () => {
    const file = path.join(os.tmpdir(), `batch-${process.pid}-${dialect.name}.json`);
    const lines = [
      ['user:create', '--email', `batch-a-${dialect.name}@example.com`, '--password', 'Batch-Password-1'],
      ['user:create', '--email', `batch-b-${dialect.name}@example.com`, '--password', 'Batch-Password-1'],
    ];
    writeFileSync(file, JSON.stringify(lines));
    const done = await admin('batch', '--file', file);
    expect(done.code).toBe(0);
    expect(done.json.map((made: { email: string }) => made.email)).toEqual([
      `batch-a-${dialect.name}@example.com`,
      `batch-b-${dialect.name}@example.com`,
    ]);

    writeFileSync(
      file,
      JSON.stringify([
        ['user:create', '--email', `batch-c-${dialect.name}@example.com`, '--password', 'Batch-Password-1'],
        ['user:create', '--email', `batch-a-${dialect.name}@example.com`, '--password', 'Batch-Password-1'],
        ['user:create', '--email', `batch-d-${dialect.name}@example.com`, '--password', 'Batch-Password-1'],
      ]),
    );
    const stopped = await admin('batch', '--file', file);
    expect(stopped.code).toBe(1);
    expect(stopped.error.error).toMatch(/^line 2 \(user:create\) failed after 1 done: /);
    const emails = await t.app.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        ['c', 'd'].map((x) => `batch-${x}-${dialect.name}@example.com`),
      )
      .execute();
    expect(emails.map((row) => row.email)).toEqual([`batch-c-${dialect.name}@example.com`]);

    for (const bad of ['not json', '[["batch", "--file", "x"]]', '[[1]]', '{"a": 1}']) {
      writeFileSync(file, bad);
      expect((await admin('batch', '--file', file)).code).toBe(1);
    }
  });

  it('reports a bad configuration with exit code 2', async () => {
    const out: string[] = [];
    const code = await runCli(['help'], commands, { env: { ...env, PORT: 'eighty' }, err: (text) => out.push(text) });
    expect(code).toBe(2);
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ error: 'invalid configuration' });
  });

  it('seeds the demo account once and reports it afterwards', async () => {
    const first = await admin('seed:demo');
    expect(first.code).toBe(0);
    expect(first.json).toEqual({
      email: DEMO_EMAIL,
      // Made for this database, printed this once (decision 051).
      password: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      user_id: expect.any(Number),
      created: true,
      // One unused code of each kind, shown this once.
      codes: {
        activation: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/),
        project: expect.any(String),
        replacement: expect.any(String),
        gift: expect.any(String),
        coupon: expect.any(String),
        company: expect.any(String),
      },
      // A bank-transfer checkout waiting for its money (and one refunded, in the history).
      waiting_transfer: expect.stringMatching(/^[0-9]{20}$/),
    });
    const {
      codes,
      waiting_transfer: _waiting,
      ...account
    } = first.json as { codes: Record<string, string>; waiting_transfer: string };
    const second = await admin('seed:demo');
    // Only the hash keeps the password once it has been printed.
    expect(second.json).toEqual({ ...account, password: null, created: false });
    for (const code of Object.values(codes)) {
      expect((await admin('code:lookup', '--code', code)).json.state).toBe('redeemable');
    }
    const signIn = await login(t, { account: DEMO_EMAIL, password: first.json.password });
    expect(signIn.statusCode).toBe(200);
    // The demo owns a diagram team with every state of the team page, once however often it is
    // seeded: two pages of members, a plan nearly full, a lifetime plan, a trial that has ended.
    const demoCaller = asCaller({ user_id: first.json.user_id as number, token: signIn.json().data.token as string });
    const team = (await call(t, getTeamRoute, { params: { product: 'max' }, as: demoCaller, host: null })).ok().data!;
    const now = t.clock.now();
    expect(team).toEqual({
      id: expect.any(Number),
      name: 'Design team',
      user_id: first.json.user_id,
      nick_name: 'Demo',
      role: 1,
      member_num: 13,
      member_limit: 20,
      plan: [
        { id: expect.any(Number), type: 74, expire: now + 90 * 86_400, max_num: 5, plan_num: 4, is_expired: false },
        { id: expect.any(Number), type: 62, expire: null, max_num: 20, plan_num: 9, is_expired: false },
        { id: expect.any(Number), type: 70, expire: now - 23 * 86_400, max_num: 3, plan_num: 1, is_expired: true },
      ],
      plan_ids: [team.plan[0]!.id],
    });
    const roles = await t.app.db
      .selectFrom('team_members')
      .select(['role', (eb) => eb.fn.countAll<number | string>().as('people')])
      .where('team_id', '=', team.id)
      .groupBy('role')
      .orderBy('role')
      .execute();
    expect(roles.map((row) => [row.role, Number(row.people)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 10],
    ]);
    // …and is a plain member of a project team.
    const project = (await call(t, getTeamRoute, { params: { product: 'proj' }, as: demoCaller, host: null })).ok();
    expect(project.data).toMatchObject({ name: 'Roadmap team', role: 3, plan_ids: [] });
    // It holds a coupon, and the printed coupon code offers another, to be asked about replacing.
    const coupons = await call(t, getCouponsRoute, {
      as: asCaller({ user_id: first.json.user_id as number, token: signIn.json().data.token as string }),
    });
    expect(coupons.ok().data).toEqual([expect.objectContaining({ type: 1, value: 2000, product: 'all' })]);

    // AI points and template credit show every part of their screens, once however often seeded.
    const demo = asCaller({ user_id: first.json.user_id as number, token: signIn.json().data.token as string });
    const points = (await call(t, getAiPointsRoute, { as: demo })).ok().data;
    expect(points.unlimited_days).toBe(12);
    expect(points.expiring[0]?.exp_time).toBeLessThan(t.clock.now() + 7 * 86_400);
    const uses = (await call(t, listAiPointUsageRoute, { as: demo, query: { page_size: 50 } })).ok();
    expect(uses.count).toBeGreaterThan(40);
    expect(new Set(uses.data.map((use) => use.product_type))).toEqual(new Set([0, 1, 2]));
    expect(uses.data.filter((use) => use.desc_type === 2001)).toHaveLength(1);
    const acquired = (await call(t, listAiPointAcquisitionsRoute, { as: demo })).ok().data;
    expect(new Set(acquired.map((row) => row.source))).toEqual(new Set([1, 2, 3, 4]));
    const records = (await call(t, listTemplateCreditRecordsRoute, { as: demo })).ok().data;
    expect(records.list.map((row) => row.price)).toEqual([300, 1800, 600, 1200]);

    // A template author: income of both products across the year, a locked cashback, a paid withdrawal.
    for (const product of ['mm', 'em'] as const) {
      const income = (await call(t, getIncomeDetailRoute, { as: demo, query: { product, count: 50 } })).ok().data;
      expect(income.count).toBeGreaterThan(10);
      expect(Math.min(...income.income.map((row) => row.created_at))).toBeLessThan(t.clock.now() - 300 * 86_400);
    }
    const income = (await call(t, getIncomeRoute, { as: demo })).ok().data;
    expect(income.locked).toBe(1_960);
    expect(income.avaliable).toBeGreaterThan(10_000);
    expect(income.recent.map((withdrawal) => [withdrawal.state, withdrawal.amount])).toEqual([['paid', 10_000]]);
    expect((await call(t, getTemplateCreditRoute, { as: demo })).ok().data.surplus).toBeGreaterThan(0);
    // Messages: both types, read and unread, more than a page, a broadcast, the withdrawal paid,
    // joining the project team, the payment of the order later refunded and that of the company.
    const messages = (await call(t, listNotificationsRoute, { as: demo })).ok().data;
    expect(messages.count).toBe(16);
    expect(new Set(messages.notify.map((message) => message.type))).toEqual(new Set(['system', 'other']));
    expect(messages.notify.some((message) => message.is_read)).toBe(true);
    expect(messages.notify.some((message) => !message.is_read)).toBe(true);
    // Courses: a paid one for good and a members' one, both watchable (the demo is a member),
    // and recommendations of every way of sale.
    const held = (await call(t, listPurchasedCoursesRoute, { as: demo })).ok().data;
    expect(held.map((course) => [course.lesson_id, course.validity, course.watchable])).toEqual([
      ['mind-study-notes', 'membership', true],
      ['infographic-design', 'permanent', true],
    ]);
    const offered = (await call(t, listRecommendedCoursesRoute, { as: demo })).ok().data;
    expect(new Set(offered.map((course) => course.sale_way))).toEqual(new Set([1, 2, 3, 4]));
    await admin('seed:demo');
    expect((await call(t, listAiPointUsageRoute, { as: demo })).ok().count).toBe(uses.count);
    expect((await call(t, listNotificationsRoute, { as: demo })).ok().data.count).toBe(messages.count);
    expect((await call(t, getIncomeRoute, { as: demo })).ok().data).toEqual(income);
  });

  it('runs as `npm run admin` does, printing JSON and exiting non-zero on bad input', async () => {
    const run = promisify(execFile);
    const script = ['--import', 'tsx', 'src/cli/admin.ts'];
    const help = await run('node', [...script, 'help'], { cwd: serverDir, env: { ...process.env, ...env } });
    expect(JSON.parse(help.stdout).commands).toHaveLength(commands.length);
    const bad = await run('node', [...script, 'nope'], { cwd: serverDir, env: { ...process.env, ...env } }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(JSON.parse((bad as { stderr: string }).stderr)).toMatchObject({ error: 'unknown command "nope"' });
  });
});

describe.each(dialects)('demo seed at start on $name', (dialect) => {
  const t = suiteTestApp(dialect);

  it('creates the demo account on an empty database only', async () => {
    expect(await seedDemoIfEmpty(t.app)).toMatchObject({
      email: DEMO_EMAIL,
      password: expect.any(String),
      created: true,
    });
    expect(await seedDemoIfEmpty(t.app)).toBeNull();
    const users = await t.app.db.selectFrom('users').select(['email', 'nick_name']).orderBy('id').execute();
    // The demo account, the members of its diagram team, the lead of its project team, and the
    // people of its company.
    expect(users[0]).toEqual({ email: DEMO_EMAIL, nick_name: 'Demo' });
    expect(users.slice(1).map((user) => user.email)).toEqual([
      'demo-admin@example.com',
      'demo-admin-2@example.com',
      'demo-member@example.com',
      ...Array.from({ length: 9 }, (_, i) => `demo-member-${i + 2}@example.com`),
      'demo-project-lead@example.com',
      'demo-company-admin@example.com',
      'demo-company-member@example.com',
      'demo-company-member-2@example.com',
    ]);
    // The demo created a company: renamed, bought by bank transfer, with an admin and two members.
    const demoId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow()
    ).id;
    const company = await t.app.db
      .selectFrom('companies')
      .innerJoin('checkouts', 'checkouts.company_id', 'companies.id')
      .select(['companies.company_name', 'companies.num', 'companies.creator', 'checkouts.state'])
      .executeTakeFirstOrThrow();
    expect(company).toEqual({ company_name: 'Demo Mind Studio', num: 5, creator: demoId, state: 'fulfilled' });
    const roles = await t.app.db.selectFrom('company_members').select('role').orderBy('role').execute();
    expect(roles.map((row) => row.role)).toEqual([0, 0, 1, 2]);
  });

  it('leaves a database that already has users alone', async () => {
    // The demo's company and its payments name their users without a cascade.
    await t.app.db.deleteFrom('checkouts').execute();
    await t.app.db.deleteFrom('companies').execute();
    await t.app.db.deleteFrom('users').execute();
    await t.app.db
      .insertInto('users')
      .values({
        region: 'overseas',
        email: 'first@example.com',
        mobile: null,
        second_mobile: null,
        nick_name: 'first',
        avatar_url: null,
        profile: null,
        birthday: null,
        sex: null,
        country: null,
        language: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    expect(await seedDemoIfEmpty(t.app)).toBeNull();
    const demo = await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
    expect(demo).toBeUndefined();
  });
});
