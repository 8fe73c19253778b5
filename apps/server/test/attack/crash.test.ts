import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceListPath, type DeviceProduct, deviceProducts } from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { codeDigest, createBatch } from '../../src/modules/codes/batches.service.js';
import { PASSWORD } from '../helpers/auth.js';
import { type Answer, callOverHttp } from '../helpers/over-http.js';
import { freePort, type NodeProcess, startServerAt } from '../helpers/processes.js';
import { dialects, type TestDialect } from '../helpers/test-app.js';

/**
 * docs/architecture.md#tests: the server is SIGKILLed in the middle of a mixed write load, again and again, and
 * restarted on the same database; every write it acknowledged before a kill must be there
 * afterwards. A success answer is a promise that the write is committed — durable on SQLite
 * (WAL, synchronous=FULL) and on PostgreSQL — not queued, cached or half done.
 */

const KILLS = 4;
const WORKERS = 6;

/** An account the load registered, and what the server acknowledged about it. */
interface Account {
  email: string;
  userId: number;
  token: string;
  /**
   * Nicknames the account may have now: the last acknowledged one (or the one it was given at
   * sign-up) and any whose change was sent after it and never answered — a write the kill
   * interrupted may or may not have committed. Null until the first one is known.
   */
  nicknames: Set<string> | null;
  /** Devices whose activation was acknowledged, by product. */
  devices: Map<DeviceProduct, string>;
  /** Gift codes whose redemption was acknowledged. */
  redeemed: string[];
}

/** One life of the server: started on the database, killed with SIGKILL. */
class ServerLife {
  private constructor(
    readonly node: NodeProcess,
    readonly base: string,
  ) {}

  static async start(env: Record<string, string>): Promise<ServerLife> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    return new ServerLife(await startServerAt({ ...env, PORT: String(port) }, base), base);
  }

  call(method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
    return callOverHttp(this.base, method, url, body, token);
  }

  async kill(): Promise<void> {
    this.node.child.kill('SIGKILL');
    expect(await this.node.exited).toBe('SIGKILL');
  }
}

/**
 * Workers drive the server until it dies. Each owns the accounts it registered, so the changes
 * of one account are sent one after another and "the last acknowledged" is well defined.
 */
class Load {
  readonly accounts: Account[][] = Array.from({ length: WORKERS }, () => []);
  /** Answers other than success while the server was up: none are expected. */
  readonly refusals: string[] = [];
  acknowledged = 0;
  /** Single-use gift codes not sent yet: each is sent once, whatever became of the answer. */
  readonly unusedCodes: string[] = [];
  private next = 0;

  run(server: ServerLife): { stop(): Promise<void> } {
    let alive = true;
    const workers = this.accounts.map(async (owned, worker) => {
      while (alive) {
        try {
          await this.step(server, owned, worker);
        } catch (error) {
          // Once the server is killed, requests fail: their writes are unknown, not lost.
          if (alive) this.refusals.push(`worker ${worker}: ${String(error)}`);
        }
      }
    });
    return {
      stop: async () => {
        alive = false;
        await server.kill();
        await Promise.all(workers);
      },
    };
  }

  private async step(server: ServerLife, owned: Account[], worker: number): Promise<void> {
    const account = owned[Math.floor(Math.random() * owned.length)];
    const roll = Math.random();
    if (!account || roll < 0.3) return this.register(server, owned, worker);
    const product = deviceProducts.find((p) => !account.devices.has(p));
    if (product && roll < 0.55) return this.activate(server, account, product);
    const code = roll < 0.7 ? this.unusedCodes.pop() : undefined;
    if (code) return this.redeem(server, account, code);
    return this.rename(server, account);
  }

  private expectSuccess(what: string, answer: Answer): boolean {
    if (answer.status === 'success') {
      this.acknowledged++;
      return true;
    }
    this.refusals.push(`${what}: ${answer.msg}`);
    return false;
  }

  private async register(server: ServerLife, owned: Account[], worker: number): Promise<void> {
    const email = `crash-${worker}-${this.next++}-${Date.now().toString(36)}@example.com`;
    if (!this.expectSuccess('code', await server.call('POST', '/api/auth/code', { purpose: 1, email }))) return;
    const outbox = await server.call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
    const [message] = outbox.data as { body: string }[];
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) return void this.refusals.push(`no code for ${email}`);
    const answer = await server.call('POST', '/api/auth/register', { email, password: PASSWORD, code });
    if (!this.expectSuccess('register', answer)) return;
    const { user_id: userId, token } = answer.data as { user_id: number; token: string };
    const account: Account = { email, userId, token, nicknames: null, devices: new Map(), redeemed: [] };
    owned.push(account);
    const user = await server.call('GET', `/api/user/${userId}`, undefined, token);
    account.nicknames ??= new Set([(user.data as { nick_name: string }).nick_name]);
  }

  private async activate(server: ServerLife, account: Account, product: DeviceProduct): Promise<void> {
    // The same id on a retry: a device whose first activation did commit is simply active.
    const deviceId = `${account.email}/${product}`;
    const url = deviceListPath(product).replace(':userId', String(account.userId));
    const body = { device_id: deviceId, device_name: 'Crash test PC', platform: 'pc' };
    if (this.expectSuccess('activate', await server.call('POST', url, body, account.token))) {
      account.devices.set(product, deviceId);
    }
  }

  private async redeem(server: ServerLife, account: Account, code: string): Promise<void> {
    const answer = await server.call('POST', `/api/user/${account.userId}/prize/use`, { code }, account.token);
    if (this.expectSuccess('redeem', answer)) account.redeemed.push(code);
  }

  private async rename(server: ServerLife, account: Account): Promise<void> {
    const nickname = `Crash${this.next++}`;
    account.nicknames?.add(nickname);
    const answer = await server.call('PUT', `/api/user/${account.userId}`, { nick_name: nickname }, account.token);
    if (this.expectSuccess('rename', answer)) account.nicknames = new Set([nickname]);
  }
}

/** Everything acknowledged so far, as the database holds it now, for one comparison. */
async function expectAcknowledgedWrites(url: string, accounts: Account[]): Promise<void> {
  const database = await openDatabase(url);
  try {
    const users = await database.db.selectFrom('users').select(['id', 'email', 'nick_name']).execute();
    const devices = await database.db.selectFrom('devices').select(['user_id', 'product', 'device_id']).execute();
    const redemptions = await database.db
      .selectFrom('code_redemptions')
      .innerJoin('redeem_codes', 'redeem_codes.id', 'code_redemptions.code_id')
      .select(['code_redemptions.user_id', 'redeem_codes.digest'])
      .execute();
    const held = new Set(redemptions.map((r) => `${r.user_id}:${r.digest}`));
    const found = accounts.map((account) => {
      const user = users.find((u) => u.email === account.email);
      return {
        email: account.email,
        userId: user?.id,
        nicknameKept: user !== undefined && (account.nicknames?.has(user.nick_name) ?? true),
        devices: devices
          .filter((d) => d.user_id === account.userId && account.devices.get(d.product) === d.device_id)
          .map((d) => d.product)
          .sort(),
        redeemed: account.redeemed.filter((code) => held.has(`${account.userId}:${digestOf(code)}`)),
      };
    });
    const expected = accounts.map((account) => ({
      email: account.email,
      userId: account.userId,
      nicknameKept: true,
      devices: [...account.devices.keys()].sort(),
      redeemed: account.redeemed,
    }));
    expect(found).toEqual(expected);
  } finally {
    await database.close();
  }
}

const SECRET_KEY = 'crash-test-secret-key-0123456789abcdef';
const digestOf = (code: string) => codeDigest(SECRET_KEY, code.replaceAll('-', ''));

/** Single-use gift codes for the load, made as an operator would, once the server has migrated. */
async function makeGiftCodes(url: string, count: number): Promise<string[]> {
  const database = await openDatabase(url);
  try {
    const made = await createBatch(
      database.db,
      SECRET_KEY,
      {
        kind: 'gift',
        label: 'crash test',
        benefit: { gifts: [{ kind: 'ai_points', amount: 5 }] },
        count,
        usageLimit: 1,
      },
      Math.floor(Date.now() / 1000),
    );
    return made.codes;
  } finally {
    await database.close();
  }
}

describe.each(dialects)('SIGKILL of the server under write load on $name', (dialect: TestDialect) => {
  let url: string;
  let drop: () => Promise<void>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-crash-'));
  beforeAll(async () => {
    ({ url, drop } = await dialect.freshUrl());
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before each kill', async () => {
    const env = {
      DATABASE_URL: url,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SECRET_KEY,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      DEV_TOOLS: 'true',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      OUTBOX_POLL_MS: '0',
    };
    const load = new Load();
    for (let kill = 1; kill <= KILLS; kill++) {
      const server = await ServerLife.start(env);
      // A redemption answered with success is never lost (issue 12).
      if (kill === 1) load.unusedCodes.push(...(await makeGiftCodes(url, 400)));
      const before = load.acknowledged;
      const running = load.run(server);
      // Killed at a different moment of the load each time, with requests in flight.
      await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 2000));
      await running.stop();

      expect(load.refusals).toEqual([]);
      expect(load.acknowledged, `writes acknowledged in life ${kill}`).toBeGreaterThan(before);
      await expectAcknowledgedWrites(url, load.accounts.flat());
    }

    expect(
      load.accounts.flat().flatMap((account) => account.redeemed).length,
      'redemptions acknowledged',
    ).toBeGreaterThan(0);

    // The server comes back on the same database and serves what it acknowledged.
    const server = await ServerLife.start(env);
    try {
      for (const account of load.accounts.flat()) {
        const user = await server.call('GET', `/api/user/${account.userId}`, undefined, account.token);
        expect(user.status).toBe('success');
        if (account.nicknames) expect(account.nicknames).toContain((user.data as { nick_name: string }).nick_name);
      }
    } finally {
      await server.kill();
    }
  }, 120_000);
});
