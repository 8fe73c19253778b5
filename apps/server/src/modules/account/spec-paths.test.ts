import * as contract from '@account-centre/contract';
import {
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  closeAccountRoute,
  getExchangeCodeRoute,
  getUserRoute,
  type HttpMethod,
  replaceEmailRoute,
  replaceMobileRoute,
  resetPasswordRoute,
  type RouteDef,
  secondMobileRoute,
  unbindEmailRoute,
  unbindIdentityRoute,
  unbindMobileRoute,
  unreadNotificationsRoute,
  withSpecPaths,
} from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { exchangeAddCommand } from './exchange.commands.js';
import {
  codeFor,
  DEFAULT_PASSWORD,
  DOMESTIC_HOST,
  infoOf,
  login,
  OVERSEAS_HOST,
  uniqueEmail,
  uniqueMobile,
} from './test-support.js';

/**
 * Spec 01 §7 names the account calls by its own paths (`mchange`, `eunbind`, `update/{id}`,
 * `bind-email`, `mobile/close`, …); desktop clients call them as written. Each is the same call
 * as the route it belongs to (docs/decisions/007): these tests go through the spec's paths only.
 */

/** The route served at a spec path of `route`. */
function at(route: RouteDef, method: HttpMethod, path: string): RouteDef {
  const found = withSpecPaths(route).find((served) => served.method === method && served.path === path);
  if (!found) throw new Error(`${route.method} ${route.path} has no spec path ${method} ${path}`);
  return found;
}

const routesWithSpecPaths = (Object.values(contract) as unknown[]).filter(
  (value): value is RouteDef =>
    typeof value === 'object' && value !== null && 'specPaths' in value && Array.isArray(value.specPaths),
);

const NEW_PASSWORD = 'Quiet-River-Stone-71';

describeOnEachDialect('the spec’s paths for the account calls on $name', (t) => {
  const admin = cliRunner(() => t, [exchangeAddCommand]);

  it('serves every spec path of spec 01 §7 “Account”, and lists each in the OpenAPI document', async () => {
    const served = routesWithSpecPaths.flatMap((route) => withSpecPaths(route).slice(1));
    const names = new Set(routesWithSpecPaths.flatMap((route) => route.specPaths!.map((specPath) => specPath.name)));
    expect([...names].sort()).toEqual(
      [
        ...['update/{id}', 'email', 'mobile', 'mchange', 'echange', 'munbind', 'eunbind', 'mclose', 'eclose'],
        ...['update-pwd', 'bind-email', 'bind-mobile', 'edit-mobile', 'edit-email', 'unbind-mobile'],
        ...['unbind-email', 'unbind-wechat', 'second-mobile', 'mobile/close', 'email/close'],
        // Two reads the spec writes without a user id.
        ...['operation/userexchange/getcode', 'notification/exists'],
        // Signed out: setting a new password with a code of purpose 2.
        ...['resetbyemail', 'resetbymobile', 'email-reset-pwd', 'mobile-reset-pwd'],
      ].sort(),
    );
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const route of served) {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(true);
      const openApiPath = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      expect(document.paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('changes the password at PUT update/{id} and at update-pwd, as at its own path', async () => {
    const me = await testUser(t, { region: 'overseas' });
    const email = me.email as string;
    const first = await call(t, at(changePasswordRoute, 'PUT', '/api/user/update/:userId'), {
      as: me,
      body: { via: 'email', code: await codeFor(t, 6, email), password: NEW_PASSWORD, old_password: DEFAULT_PASSWORD },
      host: OVERSEAS_HOST,
    });
    expect(first.status, first.raw.body).toBe(200);
    expect((await login(t, { account: email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const again = await call(t, at(changePasswordRoute, 'POST', '/api/user/update-pwd'), {
      as: me,
      body: { via: 'email', code: await codeFor(t, 6, email), password: DEFAULT_PASSWORD, old_password: 'Wrong-1' },
      host: OVERSEAS_HOST,
    });
    expect(again.body).toMatchObject({ status: 'error', msg: 'current password incorrect', code: 2 });
    expect((await login(t, { account: email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('binds, replaces and unbinds an e-mail by the domestic names (email, echange, eunbind), by POST and PUT', async () => {
    const me = await testUser(t, { via: 'mobile' });
    const email = uniqueEmail('spec-bind');
    const bound = await call(t, at(bindEmailRoute, 'PUT', '/api/user/email'), {
      as: me,
      body: { email, code: await codeFor(t, 4, email) },
    });
    expect(bound.status, bound.raw.body).toBe(200);
    expect((await infoOf(t, me)).email).toBe(email);

    const next = uniqueEmail('spec-replace');
    const replaced = await call(t, at(replaceEmailRoute, 'POST', '/api/user/echange'), {
      as: me,
      body: { old_code: await codeFor(t, 3, email), email: next, code: await codeFor(t, 4, next) },
    });
    expect(replaced.status, replaced.raw.body).toBe(200);
    expect((await infoOf(t, me)).email).toBe(next);

    const unbound = await call(t, at(unbindEmailRoute, 'PUT', '/api/user/eunbind'), {
      as: me,
      body: { code: await codeFor(t, 3, next) },
    });
    expect(unbound.status, unbound.raw.body).toBe(200);
    expect((await infoOf(t, me)).email).toBeNull();
  });

  it('binds, replaces and unbinds a phone by the overseas names (bind-mobile, edit-mobile, unbind-mobile)', async () => {
    const me = await testUser(t);
    const mobile = uniqueMobile();
    const bound = await call(t, at(bindMobileRoute, 'POST', '/api/user/bind-mobile'), {
      as: me,
      body: { mobile, code: await codeFor(t, 4, mobile) },
      host: DOMESTIC_HOST,
    });
    expect(bound.status, bound.raw.body).toBe(200);

    const next = uniqueMobile();
    const replaced = await call(t, at(replaceMobileRoute, 'POST', '/api/user/edit-mobile'), {
      as: me,
      body: { old_code: await codeFor(t, 3, mobile), mobile: next, code: await codeFor(t, 4, next) },
      host: DOMESTIC_HOST,
    });
    expect(replaced.status, replaced.raw.body).toBe(200);
    expect((await infoOf(t, me)).mobile).toBe(next);

    // A wrong code is refused as at the route's own path, and nothing changes.
    const wrong = await call(t, at(unbindMobileRoute, 'POST', '/api/user/munbind'), {
      as: me,
      body: { code: '000000' },
      host: DOMESTIC_HOST,
    });
    expect(wrong.body).toMatchObject({ status: 'error', msg: 'expired' });
    const unbound = await call(t, at(unbindMobileRoute, 'POST', '/api/user/unbind-mobile'), {
      as: me,
      body: { code: await codeFor(t, 3, next) },
      host: DOMESTIC_HOST,
    });
    expect(unbound.status, unbound.raw.body).toBe(200);
    expect((await infoOf(t, me)).mobile).toBeNull();
  });

  it('binds a second mobile at second-mobile and unbinds WeChat at unbind-wechat', async () => {
    const me = await testUser(t, { via: 'mobile' });
    const second = uniqueMobile();
    const bound = await call(t, at(secondMobileRoute, 'POST', '/api/user/second-mobile'), {
      as: me,
      body: { operate: 1, mobile: second, code: await codeFor(t, 4, second) },
    });
    expect(bound.status, bound.raw.body).toBe(200);
    expect((await infoOf(t, me)).second_mobile).toBe(second);

    await t.app.db
      .insertInto('identities')
      .values({ provider: 'weixin', subject: `weixin-${me.userId}`, user_id: me.userId, created_at: t.clock.now() })
      .execute();
    const unbound = await call(t, at(unbindIdentityRoute, 'POST', '/api/user/unbind-wechat'), { as: me });
    expect(unbound.status, unbound.raw.body).toBe(200);
    expect((await infoOf(t, me)).weixin).toBe(false);
  });

  it('closes an account at mclose with the phone’s code and at eclose with the e-mail’s; the channel is the path’s', async () => {
    const byPhone = await testUser(t, { via: 'mobile' });
    const mclose = at(closeAccountRoute, 'POST', '/api/user/mclose');
    // The path says which code it is: naming another channel is refused before anything is spent.
    const named = await call(t, mclose, { as: byPhone, body: { code: '123456', via: 'email' } });
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ status: 'error', msg: 'invalid request' });
    const closed = await call(t, mclose, {
      as: byPhone,
      body: { code: await codeFor(t, 11, byPhone.mobile as string) },
    });
    expect(closed.status, closed.raw.body).toBe(200);
    expect((await call(t, getUserRoute, { as: byPhone })).status).toBe(401);

    const byEmail = await testUser(t, { region: 'overseas' });
    // An e-mail code at the phone's path is checked as a phone code: this account has none.
    const crossed = await call(t, at(closeAccountRoute, 'POST', '/api/user/mobile/close'), {
      as: byEmail,
      body: { code: await codeFor(t, 11, byEmail.email as string) },
      host: OVERSEAS_HOST,
    });
    expect(crossed.status).toBe(400);
    expect((await call(t, getUserRoute, { as: byEmail, host: OVERSEAS_HOST })).status).toBe(200);
    const eclosed = await call(t, at(closeAccountRoute, 'POST', '/api/user/eclose'), {
      as: byEmail,
      body: { code: await codeFor(t, 11, byEmail.email as string) },
      host: OVERSEAS_HOST,
    });
    expect(eclosed.status, eclosed.raw.body).toBe(200);
    expect((await call(t, getUserRoute, { as: byEmail, host: OVERSEAS_HOST })).status).toBe(401);
  });

  it('answers the reads at their spec paths as at their own: the exchange code and the unread indicator', async () => {
    const me = await testUser(t);
    const query = { form_name: 'survey-2026' };
    expect((await admin('exchange:add', '--form', query.form_name, '--codes', 'SPEC-1')).code).toBe(0);
    const code = await call(t, at(getExchangeCodeRoute, 'GET', '/api/user/operation/userexchange/getcode'), {
      as: me,
      query,
    });
    expect(code.status, code.raw.body).toBe(200);
    expect(code.body).toMatchObject({ data: { code: 'SPEC-1' } });
    expect(code.body).toEqual((await call(t, getExchangeCodeRoute, { as: me, query })).body);
    const unread = await call(t, at(unreadNotificationsRoute, 'GET', '/api/user/notification/exists'), { as: me });
    expect(unread.status, unread.raw.body).toBe(200);
    expect(unread.body).toEqual((await call(t, unreadNotificationsRoute, { as: me })).body);
  });

  it('sets a new password signed out at resetbyemail and mobile-reset-pwd, with a code of purpose 2', async () => {
    const byEmail = await testUser(t, { region: 'overseas' });
    const email = byEmail.email as string;
    const wrong = await call(t, at(resetPasswordRoute, 'PUT', '/api/user/resetbyemail'), {
      body: { account: email, code: '000000', password: NEW_PASSWORD },
      host: OVERSEAS_HOST,
    });
    expect(wrong.body).toMatchObject({ status: 'error', msg: 'expired' });
    const reset = await call(t, at(resetPasswordRoute, 'PUT', '/api/user/resetbyemail'), {
      body: { account: email, code: await codeFor(t, 2, email), password: NEW_PASSWORD },
      host: OVERSEAS_HOST,
    });
    expect(reset.status, reset.raw.body).toBe(200);
    expect((await login(t, { account: email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // Every session of the account ended, as at the route's own path.
    expect((await call(t, getUserRoute, { as: byEmail, host: OVERSEAS_HOST })).status).toBe(401);

    const byPhone = await testUser(t, { via: 'mobile' });
    const mobile = byPhone.mobile as string;
    const phoneReset = await call(t, at(resetPasswordRoute, 'POST', '/api/user/mobile-reset-pwd'), {
      body: { account: mobile, code: await codeFor(t, 2, mobile), password: NEW_PASSWORD },
      host: DOMESTIC_HOST,
    });
    expect(phoneReset.status, phoneReset.raw.body).toBe(200);
    expect((await login(t, { account: mobile, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('asks a signed-in caller at every spec path of a signed-in call, and acts on the token’s own account only', async () => {
    const me = await testUser(t, { via: 'mobile' });
    const other = await testUser(t, { via: 'mobile' });
    const anonymous = await call(t, at(unbindMobileRoute, 'POST', '/api/user/munbind'), { body: { code: '123456' } });
    expect(anonymous.status).toBe(401);
    const forOther = await call(t, at(changePasswordRoute, 'PUT', '/api/user/update/:userId'), {
      as: me,
      params: { userId: other.userId },
      body: { via: 'mobile', code: '123456', password: NEW_PASSWORD },
    });
    expect(forOther.status).toBe(403);
    expect(await infoOf(t, other)).toMatchObject({ hasPwd: false, mobile: other.mobile });
  });
});
