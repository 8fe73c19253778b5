import type { AddressInfo } from 'node:net';
import { AuthErrors, getUserRoute } from '@account-centre/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers/auth.js';
import { call } from '../../test/helpers/call.js';
import { lanAddress } from '../../test/helpers/network.js';
import { createTestApp, dialects, type TestApp } from '../../test/helpers/test-app.js';
import { upsertPassword } from '../modules/auth/auth.repository.js';
import { hashPassword } from '../modules/auth/passwords.js';
import {
  DEMO_EMAIL,
  ensureDemoAccount,
  RETIRED_DEMO_PASSWORD,
  replaceRetiredDemoPassword,
  seedDemoIfEmpty,
} from './demo-seed.js';

const lan = lanAddress();

describe.each(dialects)('the demo account’s password, on $name', (dialect) => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
  });
  const newApp = async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    return t;
  };

  /** Signs in over real HTTP at `origin`, as a person elsewhere on the network would. */
  const signInOverHttp = (origin: string, password: string) =>
    fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: DEMO_EMAIL, password }),
    });

  it.skipIf(lan === null)(
    `is made for each database: from this machine's network address (${lan}) the published one does not sign in, the printed one does`,
    async () => {
      const t = await newApp();
      const demo = await seedDemoIfEmpty(t.app);
      const other = await seedDemoIfEmpty((await newApp()).app);
      expect(demo?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(other?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(demo?.password).not.toBe(other?.password);

      await t.app.listen({ host: '0.0.0.0', port: 0 });
      const remote = `http://${lan}:${(t.app.server.address() as AddressInfo).port}`;
      const published = await signInOverHttp(remote, RETIRED_DEMO_PASSWORD);
      expect(published.status).toBe(400);
      expect(await published.json()).toMatchObject({ status: 'error', msg: AuthErrors.invalidCredentials.msg });
      const printed = await signInOverHttp(remote, demo!.password!);
      expect(printed.status).toBe(200);

      // Seeding again tells nothing: only the password's hash is kept.
      expect(await ensureDemoAccount(t.app)).toMatchObject({ password: null, created: false });
    },
  );

  it('replaces the published password of a demo account seeded before, and ends its sessions', async () => {
    const t = await newApp();
    const demo = (await seedDemoIfEmpty(t.app))!;
    // As a database seeded by an earlier version has it, with someone signed in by that password.
    await upsertPassword(t.app.db, demo.user_id, await hashPassword(RETIRED_DEMO_PASSWORD), t.clock.now());
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: DEMO_EMAIL, password } });
    const intruder = await login(RETIRED_DEMO_PASSWORD);
    expect(intruder.statusCode).toBe(200);
    const token = intruder.json().data.token as string;

    const replaced = await replaceRetiredDemoPassword(t.app);
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(RETIRED_DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(replaced!)).statusCode).toBe(200);
    const me = await call(t, getUserRoute, { params: { userId: demo.user_id }, headers: bearer(token), host: null });
    expect(me.status).toBe(401);

    // Once replaced, nothing more to replace; and an account with a password of its own is left alone.
    expect(await replaceRetiredDemoPassword(t.app)).toBeNull();
    expect(await replaceRetiredDemoPassword((await newApp()).app)).toBeNull();
  });
});
