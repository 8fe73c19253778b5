import { getOrdersRoute, listPurchasedCoursesRoute, listRecommendedCoursesRoute } from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';

const DAY = 86_400;

describe.each(dialects)('courses of the academy on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const cli = cliRunner(() => t);
  beforeAll(async () => {
    const courses = [
      ['mind-basics', 'Mind-map basics', 'mind', '1', '0'],
      ['flow-week', 'Flowcharts this week', 'max', '2', '0'],
      ['mind-members', 'Mind maps for teams', 'mind', '3', '0'],
      ['uml-pro', 'UML in depth', 'max', '4', '9900'],
    ] as const;
    for (const [id, name, product, saleWay, price] of courses) {
      const made = await cli(
        'course:define',
        ...['--id', id, '--name', name, '--product', product, '--sale-way', saleWay, '--price', price],
        ...['--link', `https://academy.example.com/${id}`],
      );
      expect(made.code, JSON.stringify(made.error)).toBe(0);
    }
  });

  it('refuses a course that does not add up, writing nothing', async () => {
    const base = ['--name', 'X', '--product', 'max', '--link', 'https://academy.example.com/x'];
    for (const bad of [
      ['--id', 'bad id', '--sale-way', '1', ...base],
      ['--id', 'free-priced', '--sale-way', '1', '--price', '100', ...base],
      ['--id', 'paid-free', '--sale-way', '4', ...base],
      [
        '--id',
        'plain-http',
        '--sale-way',
        '1',
        '--name',
        'X',
        '--product',
        'max',
        '--link',
        'http://academy.example.com/x',
      ],
    ]) {
      expect((await cli('course:define', ...bad)).code).toBe(1);
    }
    const count = await t.app.db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('lists the courses held, newest first, and recommends the others, of one way of sale when asked', async () => {
    const ann = await testUser(t);
    expect(
      (await cli('course:grant', '--user', String(ann.userId), '--course', 'uml-pro', '--reason', 'bought')).code,
    ).toBe(0);
    t.clock.advance(60);
    expect(
      (await cli('course:grant', '--user', String(ann.userId), '--course', 'mind-basics', '--reason', 'gift')).code,
    ).toBe(0);
    // Given again: once only.
    expect(
      (await cli('course:grant', '--user', String(ann.userId), '--course', 'mind-basics', '--reason', 'gift')).json,
    ).toMatchObject({ created: false });

    const held = (await call(t, listPurchasedCoursesRoute, { as: ann })).ok().data;
    expect(held.map((course) => [course.lesson_id, course.lesson_product, course.validity, course.watchable])).toEqual([
      ['mind-basics', 'mind', 'permanent', true],
      ['uml-pro', 'max', 'permanent', true],
    ]);
    const offered = (await call(t, listRecommendedCoursesRoute, { as: ann })).ok().data;
    expect(offered.map((course) => [course.id, course.sale_way, course.jump_product, course.price])).toEqual([
      ['flow-week', 2, 'max', 0],
      ['mind-members', 3, 'mind', 0],
    ]);
    const forMembers = (await call(t, listRecommendedCoursesRoute, { as: ann, query: { sale_way: 3 } })).ok().data;
    expect(forMembers.map((course) => course.id)).toEqual(['mind-members']);
    const odd = await t.app.inject({
      method: 'GET',
      url: `/api/user/${ann.userId}/academy/recommend?sale_way=5`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(odd.statusCode).toBe(400);
  });

  it('lets a members’ course be watched while the account is a member, and locks it after', async () => {
    const bob = await testUser(t);
    expect(
      (await cli('course:grant', '--user', String(bob.userId), '--course', 'mind-members', '--reason', 'claimed')).code,
    ).toBe(0);
    const watchable = async () => (await call(t, listPurchasedCoursesRoute, { as: bob })).ok().data[0]?.watchable;
    expect(await watchable()).toBe(false);
    const until = String(t.clock.now() + 30 * DAY);
    const granted = await cli(
      'subscription:grant',
      ...flags({ user: bob.userId, product: 'mind', platforms: 'win', until: until }),
    );
    expect(granted.code, JSON.stringify(granted.error)).toBe(0);
    expect(await watchable()).toBe(true);
    t.clock.advance(31 * DAY);
    await bob.signInAgain();
    expect(await watchable()).toBe(false);
  });

  it('gives the course a course order buys, and keeps the order in the history', async () => {
    const cy = await testUser(t);
    const order = (course: string, product: string) =>
      cli(
        ...['order:record', '--user', String(cy.userId), '--product', product, '--type', '1'],
        ...['--name', 'UML in depth', '--amount', '9900', '--channel', 'online', '--course', course],
      );
    const bought = await order('uml-pro', 'maxlessonRecord');
    expect(bought.code, JSON.stringify(bought.error)).toBe(0);
    expect((await call(t, listPurchasedCoursesRoute, { as: cy })).ok().data.map((course) => course.lesson_id)).toEqual([
      'uml-pro',
    ]);
    // Given as well (say by a gift code): still listed once.
    expect(
      (await cli('course:grant', '--user', String(cy.userId), '--course', 'uml-pro', '--reason', 'gift')).code,
    ).toBe(0);
    expect((await call(t, listPurchasedCoursesRoute, { as: cy })).ok().data).toHaveLength(1);
    const history = (await call(t, getOrdersRoute, { as: cy })).ok().data;
    expect(history.map((row) => [row.product, row.order_id])).toEqual([['maxlessonRecord', bought.json.order_id]]);

    // A diagram course order cannot buy a mind-map course; a course order names its course; no
    // other order names one.
    expect((await order('mind-basics', 'maxlessonRecord')).code).toBe(1);
    const unnamed = await cli(
      ...['order:record', '--user', String(cy.userId), '--product', 'mindlessonRecord', '--type', '1'],
      ...['--name', 'X', '--amount', '100', '--channel', 'online'],
    );
    expect(unnamed.code).toBe(1);
    expect((await order('uml-pro', 'cloudspace')).code).toBe(1);
    expect((await call(t, getOrdersRoute, { as: cy })).ok().data).toHaveLength(1);
  });

  it('refuses another user’s courses', async () => {
    const ida = await testUser(t);
    const jon = await testUser(t);
    for (const route of [listPurchasedCoursesRoute, listRecommendedCoursesRoute]) {
      expect((await call(t, route, { as: ida, params: { userId: jon.userId } })).status).toBe(403);
    }
  });
});
