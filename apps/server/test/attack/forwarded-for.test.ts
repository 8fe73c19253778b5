import { healthRoute } from '@account-centre/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { signInLimits } from '../../src/modules/auth/throttle.js';
import { login, uniqueEmail } from '../helpers/auth.js';
import { call } from '../helpers/call.js';
import { createTestApp, dialects, type TestApp } from '../helpers/test-app.js';

/**
 * Hardening: a client behind our reverse proxy writes whatever it likes into the left of
 * X-Forwarded-For; the proxy appends the address it really saw. With TRUST_PROXY as a hop
 * count or a proxy list, the client's own address is the one the proxy appended, so forging
 * the header neither escapes per-IP limits nor frames another address.
 */
const PROXY = '10.9.0.2';
const CLIENT = '198.51.100.23';

/** A header as a one-hop proxy passes it on: the client's forged entries, then the client. */
const forgedThroughProxy = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}, ${CLIENT}` });

describe.each(dialects)('addresses behind a reverse proxy on $name', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** The address the app records for a request (a failed sign-in's audit event keeps it). */
  async function recordedAddress(app: TestApp, remoteAddress: string, headers: Record<string, string>) {
    const account = uniqueEmail('who');
    await login(app, { account, password: 'Wrong-Password-1' }, { ip: remoteAddress, headers });
    const event = await app.app.db
      .selectFrom('audit_events')
      .select('ip')
      .where('kind', '=', 'login.failure')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return event.ip;
  }

  it.each([
    ['a hop count', '1'],
    ['the proxy address', PROXY],
    ['the proxy range', '10.9.0.0/16'],
  ])('takes the address the proxy saw, not a forged one, with %s', async (_, trust) => {
    t = await createTestApp(dialect, { TRUST_PROXY: trust });
    expect(await recordedAddress(t, PROXY, forgedThroughProxy(1))).toBe(CLIENT);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: PROXY });
    expect(await recordedAddress(t, CLIENT, { 'x-forwarded-for': '203.0.113.9' })).toBe(CLIENT);
  });

  it('keeps the per-IP request ceiling when the client rotates a forged header', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '1', RATE_LIMIT_MAX: '50' });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await call(t, healthRoute, { ip: PROXY, headers: forgedThroughProxy(i), host: null });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('stops password spraying across accounts from forged addresses at the per-IP limit', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '1' });
    const answers: number[] = [];
    for (let i = 0; i < signInLimits.ip.limit + 10; i++) {
      const res = await login(
        t,
        { account: uniqueEmail('spray'), password: 'Wrong-Password-1' },
        { ip: PROXY, headers: forgedThroughProxy(i) },
      );
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, signInLimits.ip.limit).every((s) => s === 400)).toBe(true);
    expect(answers.slice(signInLimits.ip.limit).every((s) => s === 429)).toBe(true);
  });
});
