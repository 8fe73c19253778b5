import type { AddressInfo } from 'node:net';
import { createCheckoutRoute, getCheckoutRoute } from '@account-centre/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../../../test/helpers/call.js';
import { lanAddress } from '../../../../test/helpers/network.js';
import { sandboxPayment, sandboxRefOf } from '../../../../test/helpers/sandbox.js';
import { createTestApp, dialects, type TestApp } from '../../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../../test/helpers/users.js';
import { SANDBOX_PAY_PATH } from './sandbox-provider.js';

const lan = lanAddress();

/** The page's refusal as a person elsewhere reads it, in German and in Chinese. */
const elsewhereDe = 'Diese Testzahlungsseite öffnet sich nur auf dem Computer, auf dem das Kontocenter läuft.';
const elsewhereZh = '此测试支付页面只能在运行账号中心的电脑上打开。';

describe.each(dialects)('where the sandbox pay page answers, on $name', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** An app listening on every interface, and a checkout of 20,000 AI points waiting on the sandbox. */
  async function waitingCheckout(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, { CHECKOUT_SWEEP_SECONDS: '0', PAY_SANDBOX_POLL_MS: '0', ...env });
    await t.app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const buyer = await testUser(t);
    const opened = await call(t, createCheckoutRoute, { as: buyer, body: { item: 'ai.points20000', method: 'wxpay' } });
    const checkout = opened.ok().data;
    const page = `${SANDBOX_PAY_PATH}/${sandboxRefOf(checkout.pay_url)}`;
    return { app: t, port, buyer, checkout, page };
  }

  const stateOf = async (app: TestApp, buyer: TestUser, outTradeNo: string) =>
    (await call(app, getCheckoutRoute, { as: buyer, params: { outTradeNo } })).ok().data.state;

  const press = (origin: string, page: string, button: 'pay' | 'cancel', language = 'de') =>
    fetch(`${origin}${page}/${button}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
      body: '',
      redirect: 'manual',
    });

  it.skipIf(lan === null)(
    `over real HTTP from this machine's network address (${lan}): a localised refusal, and pressing pay pays nothing`,
    async () => {
      const { app, port, buyer, checkout, page } = await waitingCheckout();
      const remote = `http://${lan}:${port}`;

      const shown = await fetch(`${remote}${page}`, { headers: { 'accept-language': 'de' } });
      expect(shown.status).toBe(403);
      expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(shown.headers.get('cache-control')).toBe('no-store');
      const html = await shown.text();
      expect(html).toContain('<html lang="de">');
      expect(html).toContain(elsewhereDe);
      // Nothing of the payment: no amount, no buttons.
      expect(html).not.toContain('160.00');
      expect(html).not.toContain('<form');

      for (const button of ['pay', 'cancel'] as const) {
        const pressed = await press(remote, page, button, 'zh-CN');
        expect(pressed.status, button).toBe(403);
        expect(await pressed.text()).toContain(elsewhereZh);
      }
      expect((await sandboxPayment(app, checkout.out_trade_no)).state).toBe('pending');
      expect(await stateOf(app, buyer, checkout.out_trade_no)).toBe('created');
      expect(
        await app.app.db.selectFrom('grants').select('id').where('user_id', '=', buyer.userId).execute(),
      ).toHaveLength(0);

      // The same page and button on this machine: shown, and the payment goes through.
      const local = `http://127.0.0.1:${port}`;
      expect((await fetch(`${local}${page}`)).status).toBe(200);
      expect((await press(local, page, 'pay')).status).toBe(303);
      expect(await stateOf(app, buyer, checkout.out_trade_no)).toBe('fulfilled');
    },
  );

  it.skipIf(lan === null)('answers on the interface an operator named in DEV_TOOLS_INTERFACE', async () => {
    const { port, page } = await waitingCheckout({ DEV_TOOLS_INTERFACE: lan ?? '' });
    expect((await fetch(`http://${lan}:${port}${page}`)).status).toBe(200);
  });

  it('refuses a caller from another address and a forwarded request, even with TRUST_PROXY on', async () => {
    const { app, buyer, checkout, page } = await waitingCheckout({ TRUST_PROXY: '1' });
    const callers = [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '2001:db8::1' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=127.0.0.1' } },
    ];
    for (const caller of callers) {
      const seen = await app.app.inject({ method: 'GET', url: page, ...caller });
      expect(seen.statusCode, JSON.stringify(caller)).toBe(403);
      const pressed = await app.app.inject({
        method: 'POST',
        url: `${page}/pay`,
        payload: '',
        ...caller,
        headers: { ...caller.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pressed.statusCode, JSON.stringify(caller)).toBe(403);
    }
    expect(await stateOf(app, buyer, checkout.out_trade_no)).toBe('created');
  });
});
