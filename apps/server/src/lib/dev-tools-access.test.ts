import type { AddressInfo } from 'node:net';
import { devOutboxRoute } from '@account-centre/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/helpers/call.js';
import { lanAddress } from '../../test/helpers/network.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';
import { insertMessage } from '../modules/outbox/outbox.repository.js';
import { devToolsReach, isLoopback } from './dev-tools-access.js';

const notFound = { status: 'error', code: 0, msg: 'not found' };
const outboxOf = (to: string) => `/api/dev/outbox?to=${encodeURIComponent(to)}`;

describe('where dev tools answer', () => {
  const [dialect] = dialects;
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function appWithACode(env: Record<string, string> = {}) {
    t = await createTestApp(dialect!, env);
    await insertMessage(
      t.app.db,
      { channel: 'email', recipient: 'victim@example.com', subject: 'Code', body: 'Your code is 123456' },
      t.clock.now(),
    );
    return t;
  }

  /** The victim's codes, asked for from a client address (and through a proxy's headers), naming no host. */
  const readOutbox = (app: TestApp, ip: string, headers?: Record<string, string>) =>
    call(app, devOutboxRoute, { query: { to: 'victim@example.com' }, ip, host: null, ...(headers ? { headers } : {}) });

  it('answers a caller on this machine', async () => {
    const res = await readOutbox(await appWithACode(), '127.0.0.1');
    expect(res.status).toBe(200);
    expect(res.ok().data[0]?.body).toContain('123456');
  });

  it('answers a caller from another address with the 404 of an unknown path', async () => {
    const withACode = await appWithACode();
    for (const remoteAddress of ['203.0.113.5', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
      const res = await readOutbox(withACode, remoteAddress);
      expect(res.status, remoteAddress).toBe(404);
      expect(res.body).toEqual(notFound);
      expect(res.raw.body).not.toContain('123456');
    }
  });

  it('refuses a forwarded request even from a proxy on this machine, and even with TRUST_PROXY on', async () => {
    const withACode = await appWithACode({ TRUST_PROXY: '1' });
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }];
    for (const headers of proxied) {
      const res = await readOutbox(withACode, '127.0.0.1', headers);
      expect(res.status).toBe(404);
    }
  });

  const lan = lanAddress();
  it.skipIf(lan === null)(
    `over real HTTP: 404 through this machine's network address (${lan}), 200 on loopback`,
    async () => {
      const { app } = await appWithACode();
      await app.listen({ host: '0.0.0.0', port: 0 });
      const { port } = app.server.address() as AddressInfo;

      const remote = await fetch(`http://${lan}:${port}${outboxOf('victim@example.com')}`);
      expect(remote.status).toBe(404);
      expect(await remote.json()).toEqual(notFound);

      const local = await fetch(`http://127.0.0.1:${port}${outboxOf('victim@example.com')}`);
      expect(local.status).toBe(200);
    },
  );

  it.skipIf(lan === null)('answers on the interface an operator named in DEV_TOOLS_INTERFACE', async () => {
    const { app } = await appWithACode({ DEV_TOOLS_INTERFACE: lan ?? '' });
    await app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://${lan}:${port}${outboxOf('victim@example.com')}`);
    expect(res.status).toBe(200);
  });

  it('says where dev tools answer in the start banner', () => {
    expect(devToolsReach({ devTools: true, devToolsInterface: null })).toContain('loopback only');
    expect(devToolsReach({ devTools: true, devToolsInterface: '10.1.2.3' })).toContain('loopback and 10.1.2.3');
    expect(devToolsReach({ devTools: false, devToolsInterface: null })).toBe('dev tools are off');
  });

  it('knows loopback addresses in both families', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '0.0.0.0', '::', undefined].some(isLoopback)).toBe(false);
  });
});
