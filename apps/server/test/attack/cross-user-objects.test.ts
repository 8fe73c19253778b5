import * as contract from '@account-centre/contract';
import { buildPath, type RouteDef, withSpecPaths } from '@account-centre/contract';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrderDemo } from '../../src/cli/order-demo.js';
import { activate, device, grantPersonal, signInOn } from '../../src/modules/devices/test-support.js';
import { addMember, createCompany } from '../../src/modules/companies/companies.service.js';
import { grant } from '../../src/modules/grants/grants.service.js';
import { notify } from '../../src/modules/messages/notify.js';
import { giveBenefitAlone } from '../../src/modules/benefits/index.js';
import { addTeamMember, createTeam } from '../../src/modules/teams/teams.service.js';
import { bearer } from '../helpers/auth.js';
import { call } from '../helpers/call.js';
import { sampleRequest } from '../helpers/sample-request.js';
import { type TestUser, testUser } from '../helpers/users.js';
import { rowsOfUser } from '../helpers/tables.js';
import { createTestApp, dialects, type TestApp } from '../helpers/test-app.js';

/**
 * docs/architecture.md#tests: every user route refuses another user's object id — a session, a device, an
 * order, a sign-in event (and, as later domains land, a team, company, code, withdrawal,
 * message). Bea, signed in as herself and naming her own user id, hands each route one of
 * Amy's objects; the answer is 403 or 404 and none of Amy's rows change.
 *
 * A route that takes an object id and is not swept here fails the completeness check below:
 * add it to `sweep` (or to `ownIds`, saying why the id cannot be another user's).
 */

/** Field names that carry the id of a stored object (the user id is the path guard's), or a checkout's number. */
const objectField = /^(id|cid|.*Id|.*_id|outTradeNo|out_trade_no)$/;

/** Object-id fields that name the caller's own thing and cannot point at another user's. */
const ownIds: Record<string, string> = {
  'POST /api/user/:userId/max/device body.device_id': 'activates the calling device itself',
  'POST /api/user/:userId/device body.device_id': 'activates the calling device itself',
  'POST /api/user/:userId/project/device body.device_id': 'activates the calling device itself',
  'GET /api/files/receipt/:orderId params.orderId': 'public: only a link signed for that order opens it',
  // Service routes act for the user their caller names: the service's key is their guard, and
  // only the services a route names hold one (lib/service-key.ts, points.test.ts).
  'POST /api/internal/points/consume body.user_id': 'a service names the user it acts for',
  'GET /api/internal/points/balance querystring.user_id': 'a service names the user it acts for',
  'POST /api/internal/template-credit/spend body.user_id': 'a service names the user it acts for',
  'POST /api/internal/template-credit/spend body.template_id':
    'the community’s own id of the template, stored as given',
  'POST /api/internal/income/sale body.user_id': 'a service names the user it acts for',
  'POST /api/internal/income/sale body.sale_id':
    'the community’s own id of the sale; one recorded for another author is a conflict (income.service.ts)',
  'POST /api/internal/income/cashback body.user_id': 'a service names the user it acts for',
  'POST /api/internal/income/refund body.user_id': 'a service names the user it acts for',
  'POST /api/internal/income/refund body.source_id':
    'looked up among the named user’s own entries only (income.service.ts refundIncome)',
  // Team calls name people by their user ids; they are looked up among the members of the team
  // the caller is in, after the team itself (swept below) is checked to be the caller's.
  'GET /api/user/:userId/:product/grouporder/plan querystring.user_id':
    'a member of the caller’s own team, or “not a member” (members.service.ts teamPlanPage)',
  'PUT /api/user/:userId/:product/grouporder/owner body.user_id':
    'a member of the caller’s own team, or “not a member” (members.service.ts transferTeam)',
};

interface OwnedObjects {
  sessionId: string;
  deviceId: string;
  orderNumber: string;
  eventId: number;
  /** The diagram team the user owns, and another member of it. */
  teamId: number;
  teammateId: number;
  planId: number;
  /** A checkout waiting to be paid, and one closed (whose event stream ends at once). */
  checkout: string;
  closedCheckout: string;
  /** The mind-map company the user created, and a plain member of it. */
  companyId: number;
  companyMateId: number;
}

type Attempt = (caller: TestUser, objects: OwnedObjects) => InjectOptions & { method: HTTPMethods };

/** A team call naming the team of `objects` (spec 02 §7 group order calls, diagram product). */
const teamCall =
  (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    suffix: string,
    payload: (objects: OwnedObjects) => object | string,
  ): Attempt =>
  (caller, objects) => {
    const url = `/api/user/${caller.userId}/max/grouporder${suffix}`;
    const given = payload(objects);
    if (typeof given === 'string') return { method, url: `${url}?${given}` };
    return { method, url, payload: given };
  };

/** A company call naming the company of `objects` (spec 02 §7 company calls). */
const companyCall =
  (method: 'GET' | 'PUT' | 'POST', suffix: string, payload?: (objects: OwnedObjects) => object): Attempt =>
  (caller, objects) => {
    const url = `/api/user/${caller.userId}/coop/${suffix}`;
    if (!payload) return { method, url: `${url}${url.includes('?') ? '&' : '?'}cid=${objects.companyId}` };
    return { method, url, payload: payload(objects) };
  };

/** One attempt per object-taking route, keyed like the completeness check's entries. */
const sweep: Record<string, Attempt> = {
  'DELETE /api/user/:userId/sessions/:sessionId params.sessionId': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/sessions/${amy.sessionId}`,
  }),
  'DELETE /api/user/:userId/devices/:deviceId params.deviceId': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/devices/${encodeURIComponent(amy.deviceId)}`,
  }),
  'DELETE /api/user/:userId/max/device/:id params.id': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/max/device/${encodeURIComponent(amy.deviceId)}`,
  }),
  'DELETE /api/user/:userId/device/:id params.id': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/device/${encodeURIComponent(amy.deviceId)}`,
  }),
  'DELETE /api/user/:userId/project/device/:id params.id': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/project/device/${encodeURIComponent(amy.deviceId)}`,
  }),
  'PUT /api/user/:userId/invoice body.order_id': (bea, amy) => ({
    method: 'PUT',
    url: `/api/user/${bea.userId}/invoice`,
    payload: {
      order_id: amy.orderNumber,
      product: 'max',
      title_type: 'personal',
      title: 'Bea',
      email: 'bea@example.com',
    },
  }),
  'GET /api/user/:userId/invoice/pdf querystring.order_id': (bea, amy) => ({
    method: 'GET',
    url: `/api/user/${bea.userId}/invoice/pdf?order_id=${amy.orderNumber}&product=max`,
  }),
  'POST /api/user/:userId/not-me body.event_id': (bea, amy) => ({
    method: 'POST',
    url: `/api/user/${bea.userId}/not-me`,
    payload: { event_id: amy.eventId },
  }),
  'GET /api/user/:userId/:product/grouporder/member querystring.group_id': teamCall(
    'GET',
    '/member',
    (amy) => `group_id=${amy.teamId}`,
  ),
  'GET /api/user/:userId/:product/grouporder/plan querystring.group_id': teamCall(
    'GET',
    '/plan',
    (amy) => `group_id=${amy.teamId}`,
  ),
  'PUT /api/user/:userId/:product/grouporder body.group_id': teamCall('PUT', '', (amy) => ({
    group_id: amy.teamId,
    group_name: 'Taken over',
  })),
  'POST /api/user/:userId/:product/grouporder/screen body.group_id': teamCall('POST', '/screen', (amy) => ({
    group_id: amy.teamId,
    match: 1,
    user_ids: [amy.teammateId],
  })),
  'POST /api/user/:userId/:product/grouporder/member body.group_id': teamCall('POST', '/member', (amy) => ({
    group_id: amy.teamId,
    plan_ids: [amy.planId],
    role: 3,
    user_ids: [amy.teammateId],
  })),
  'PUT /api/user/:userId/:product/grouporder/member body.group_id': teamCall('PUT', '/member', (amy) => ({
    group_id: amy.teamId,
    user_ids: [amy.teammateId],
    reverse: 0,
    role: 2,
  })),
  'DELETE /api/user/:userId/:product/grouporder/member body.group_id': teamCall('DELETE', '/member', (amy) => ({
    group_id: amy.teamId,
    user_ids: [amy.teammateId],
  })),
  'PUT /api/user/:userId/:product/grouporder/owner body.group_id': teamCall('PUT', '/owner', (amy) => ({
    group_id: amy.teamId,
    user_id: amy.teammateId,
  })),
  // Seats for Amy's team, paid by Bea: refused before anything is priced or opened.
  'POST /api/user/:userId/pay/checkout body.team_id': (bea, amy) => ({
    method: 'POST',
    url: `/api/user/${bea.userId}/pay/checkout`,
    payload: { item: 'business.oneYear', quantity: 1, method: 'card', team_id: amy.teamId },
  }),
  'GET /api/user/:userId/pay/checkout/:outTradeNo params.outTradeNo': (bea, amy) => ({
    method: 'GET',
    url: `/api/user/${bea.userId}/pay/checkout/${amy.checkout}`,
  }),
  'DELETE /api/user/:userId/pay/checkout/:outTradeNo params.outTradeNo': (bea, amy) => ({
    method: 'DELETE',
    url: `/api/user/${bea.userId}/pay/checkout/${amy.checkout}`,
  }),
  'GET /api/user/:userId/pay/checkout/:outTradeNo/events params.outTradeNo': (bea, amy) => ({
    method: 'GET',
    url: `/api/user/${bea.userId}/pay/checkout/${amy.closedCheckout}/events`,
  }),
  'GET /api/user/:userId/coop/cmember/list querystring.cid': companyCall('GET', 'cmember/list'),
  'GET /api/user/:userId/coop/cmember/url querystring.cid': companyCall('GET', 'cmember/url'),
  'GET /api/user/:userId/coop/cmember/order querystring.cid': companyCall('GET', 'cmember/order'),
  'GET /api/user/:userId/coop/cmember/settings querystring.cid': companyCall('GET', 'cmember/settings'),
  'GET /api/user/:userId/coop/oneprice querystring.cid': companyCall('GET', 'oneprice'),
  'POST /api/user/:userId/coop/recharge querystring.cid': companyCall(
    'POST',
    'recharge?item=business.oneYear&method=wxpay',
  ),
  'POST /api/user/:userId/coop/subscription querystring.cid': companyCall('POST', 'subscription?seats=1&method=wxpay'),
  'PUT /api/user/:userId/coop/cmember body.cid': companyCall('PUT', 'cmember', (amy) => ({
    cid: amy.companyId,
    company_name: 'Taken over',
  })),
  'PUT /api/user/:userId/coop/cmember/member body.cid': companyCall('PUT', 'cmember/member', (amy) => ({
    cid: amy.companyId,
    ids: [amy.companyMateId],
    operation: 'DEL',
  })),
  'GET /api/user/:userId/coop/poll querystring.out_trade_no': (bea, amy) => ({
    method: 'GET',
    url: `/api/user/${bea.userId}/coop/poll?out_trade_no=${amy.checkout}`,
  }),
};

/** `METHOD path part.field` for every object-id field of every contract route. */
function objectIdFields(): string[] {
  const entries: string[] = [];
  for (const value of Object.values(contract)) {
    const route = value as RouteDef;
    if (typeof route !== 'object' || route === null || !('method' in route) || !('path' in route)) continue;
    for (const part of ['params', 'querystring', 'body'] as const) {
      const schema = route[part] as
        { properties?: Record<string, unknown>; anyOf?: { properties?: object }[] } | undefined;
      if (!schema) continue;
      const properties = {
        ...schema.properties,
        ...Object.assign({}, ...(schema.anyOf ?? []).map((b) => b.properties)),
      };
      for (const field of Object.keys(properties)) {
        if (field !== 'userId' && objectField.test(field))
          entries.push(`${route.method} ${route.path} ${part}.${field}`);
      }
    }
  }
  return entries.sort();
}

describe('every route that takes an object id is in the cross-user sweep', () => {
  it('names each object-id field of the contract, swept or explained', () => {
    const unswept = objectIdFields().filter((entry) => !(entry in sweep) && !(entry in ownIds));
    expect(unswept).toEqual([]);
  });

  it('sweeps nothing the contract no longer has', () => {
    const fields = new Set(objectIdFields());
    expect([...Object.keys(sweep), ...Object.keys(ownIds)].filter((entry) => !fields.has(entry))).toEqual([]);
  });
});

/**
 * Every signed-in read of the contract (its spec paths too), with a well-formed request built
 * from its schemas: what one account reads cannot change when another gains objects.
 */
const signedInReads = (Object.values(contract) as unknown[])
  .filter(
    (value): value is RouteDef => typeof value === 'object' && value !== null && 'path' in value && 'access' in value,
  )
  .flatMap(withSpecPaths)
  .filter((route) => route.access === 'user' && route.method === 'GET');

describe.each(dialects)('another user’s objects on $name', (dialect) => {
  let t: TestApp;
  let amy: TestUser;
  let bea: TestUser;
  let objects: OwnedObjects;

  /** A new user with one of each object: a session and device, an order, a sign-in event. */
  async function userWithObjects(): Promise<{ owner: TestUser; objects: OwnedObjects }> {
    const owner = await testUser(t, { region: 'domestic' });
    const deviceId = 'LAPTOP-0001';
    // A session on the laptop, and the laptop activated for every device product.
    const laptop = await signInOn(t, owner, { deviceId });
    for (const [licence, product] of [
      ['max', 'diagram'],
      ['mind', 'mind-map'],
      ['proj', 'project'],
    ] as const) {
      await grantPersonal(t, owner, licence);
      expect((await activate(t, laptop.token, owner.userId, product, device(deviceId))).status).toBe(200);
    }
    await seedOrderDemo(t.app.db, owner.userId, t.clock.now());
    const order = await t.app.db
      .selectFrom('orders')
      .select('order_no')
      .where('user_id', '=', owner.userId)
      .where('product', '=', 'max')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const history = await call(t, contract.signInHistoryRoute, { as: owner, host: null });
    const [latestSignIn] = history.ok().data;
    const sessions = await call(t, contract.listSessionsRoute, { as: owner, host: null });
    const onLaptop = sessions.ok().data.find((session) => session.device_id === deviceId);
    const teammate = await testUser(t, { region: 'domestic' });
    const team = await createTeam(
      t.app.db,
      { product: 'max', name: 'Own team', owner: { id: owner.userId }, memberLimit: 10 },
      t.clock.now(),
    );
    await addTeamMember(t.app.db, { teamId: team.id, user: { id: teammate.userId }, role: 'member' }, t.clock.now());
    const givenPlan = await giveBenefitAlone(
      t.app.db,
      owner.userId,
      { kind: 'team_plan', team: { id: team.id }, type: 61, seats: 5 },
      { kind: 'operator', id: `sweep:${team.id}`, reason: 'sweep' },
      t.clock.now(),
    );
    if (givenPlan.refused) throw new Error(`the team plan was refused: ${givenPlan.refused}`);
    const { plan } = givenPlan;
    const [checkout, closedCheckout] = await Promise.all(
      [0, 1].map(async () => {
        const opened = await call(t, contract.createCheckoutRoute, {
          as: owner,
          body: { item: 'ai.points1000', method: 'wxpay' },
        });
        return opened.ok().data.out_trade_no;
      }),
    );
    await call(t, contract.closeCheckoutRoute, { as: owner, params: { outTradeNo: closedCheckout! } });
    // Template credit added by an operator, and a message not read yet (the unread indicator).
    await t.app.db
      .transaction()
      .execute((trx) =>
        grant(
          trx,
          owner.userId,
          { kind: 'template_credit', amount: 500 },
          { kind: 'operator', id: `sweep:${owner.userId}`, reason: 'sweep' },
          t.clock.now(),
        ),
      );
    await notify(
      t.app.db,
      owner.userId,
      'paymentRefused',
      { order: closedCheckout!, amount: { fen: 1, currency: 'CNY' } },
      t.clock.now(),
    );
    const company = await createCompany(
      t.app.db,
      { name: 'Own company', owner: { id: owner.userId }, seats: 5, term: { expires: t.clock.now() + 90 * 86_400 } },
      t.clock.now(),
    );
    const companyMate = await testUser(t, { region: 'domestic' });
    await addMember(
      t.app.db,
      { companyId: company.id, user: { id: companyMate.userId }, role: 'member' },
      t.clock.now(),
    );
    return {
      owner,
      objects: {
        checkout: checkout!,
        closedCheckout: closedCheckout!,
        sessionId: onLaptop!.id,
        deviceId,
        orderNumber: order.order_no,
        eventId: latestSignIn!.id,
        teamId: team.id,
        teammateId: teammate.userId,
        planId: plan.id,
        companyId: company.id,
        companyMateId: companyMate.userId,
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner: amy, objects } = await userWithObjects());
    bea = await testUser(t, { region: 'domestic' });
  });
  afterAll(() => t.close());

  it.each(Object.keys(sweep))('%s: 403 or 404, and Amy’s rows unchanged', async (entry) => {
    const before = await rowsOfUser(t.app.db, t.app.dialect, amy.userId);
    const attempt = sweep[entry]!(bea, objects);
    const res = await t.app.inject({ ...attempt, headers: bearer(bea.token) });
    expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(await rowsOfUser(t.app.db, t.app.dialect, amy.userId)).toEqual(before);
  });

  it('shows Bea nothing of another account at any signed-in read: each answers as before it had its objects', async () => {
    const reads = signedInReads.filter((route) => t.app.hasRoute({ method: route.method, url: route.path }));
    expect(reads.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/user/:userId/coupontemplate/added',
        'GET /api/user/:userId/notification/exists',
        'GET /api/user/notification/exists',
      ]),
    );
    const answers = async (caller: TestUser) => {
      const answered: Record<string, string> = {};
      for (const route of reads) {
        const { params, query } = sampleRequest(route);
        const res = await t.app.inject({
          method: 'GET',
          url: buildPath(route.path, { ...params, userId: caller.userId }),
          query,
          headers: bearer(caller.token),
        });
        answered[`${route.method} ${route.path}`] = `${res.statusCode} ${res.body}`;
      }
      return answered;
    };
    const before = await answers(bea);
    const { owner } = await userWithObjects();
    expect(await answers(bea)).toEqual(before);
    // The owner reads them at the same requests, so there was something to show.
    const own = await answers(owner);
    const added = JSON.parse(own['GET /api/user/:userId/coupontemplate/added']!.slice(4)) as {
      data: { list: { amount: number }[] };
    };
    expect(added.data.list.map((addition) => addition.amount)).toContain(500);
    expect(JSON.parse(own['GET /api/user/:userId/notification/exists']!.slice(4)).data).toMatchObject({ count: 1 });
    expect(before['GET /api/user/:userId/notification/exists']).toMatch(/^200 .*"count":0/);
  });

  // The same requests made by the objects' owner reach them, so the refusals above were about
  // whose object it is, not about a malformed request or an id that does not exist.
  it.each(Object.keys(sweep))('%s: reaches the object for its owner', async (entry) => {
    const { owner, objects: own } = await userWithObjects();
    const res = await t.app.inject({ ...sweep[entry]!(owner, own), headers: bearer(owner.token) });
    expect([403, 404], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
  });
});
