import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, redactUrl, repoRoot } from './config.js';
import { configurationVariables, loadConfig } from './load-config.js';
import { modules } from './modules/index.js';
import { SettingsReader } from './lib/settings.js';
import { moduleSettings } from './modules/settings.js';

const SECRET = 'a-secret-key-of-more-than-32-characters';
// A data directory of our own, so a missing SECRET_KEY never writes into the repository.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs with no settings at all: SQLite under the data directory, dev tools on, port 8080', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, 'account-centre.db')}`);
    expect(config.redisUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.devTools).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.outbox).toEqual({ pollMs: 2000, maxAttempts: 8 });
    expect(config.rateLimit).toEqual({ max: 600, windowSeconds: 60 });
  });

  it('keeps a generated development secret across loads', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first);
  });

  it('reads a full production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3100',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/accounts',
      REDIS_URL: 'rediss://cache.internal:6380',
      SMTP_URL: 'smtps://mailer:pw@smtp.internal:465',
      SECRET_KEY: SECRET,
      RATE_LIMIT_MAX: '50',
      OUTBOX_POLL_MS: '0',
      DEV_PORTS: '',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3100,
      databaseUrl: 'postgres://app:pw@db.internal:5432/accounts',
      redisUrl: 'rediss://cache.internal:6380',
      smtpUrl: 'smtps://mailer:pw@smtp.internal:465',
      devTools: false,
      seedDemo: false,
      secretKey: SECRET,
      logLevel: 'info',
      rateLimit: { max: 50, windowSeconds: 60 },
      outbox: { pollMs: 0, maxAttempts: 8 },
      region: { domesticMarker: '.cn', developmentPorts: [] },
    });
  });

  it.each([
    ['PORT', 'http', 'PORT must be a whole number from 0 to 65535 (got "http")'],
    ['PORT', '65536', 'PORT must be a whole number from 0 to 65535 (got "65536")'],
    ['PORT', '80.5', 'PORT must be a whole number from 0 to 65535 (got "80.5")'],
    [
      'DATABASE_URL',
      'mysql://db/accounts',
      'DATABASE_URL must start with "sqlite:" or "postgres://" (got "mysql://db/accounts")',
    ],
    ['DATABASE_URL', 'accounts.db', 'DATABASE_URL must start with "sqlite:" or "postgres://" (got "accounts.db")'],
    ['REDIS_URL', 'http://cache:6379', 'REDIS_URL must use redis: or rediss: (got "http://cache:6379")'],
    ['REDIS_URL', 'cache:6379:x', 'REDIS_URL must use redis: or rediss: (got "cache:6379:x")'],
    ['REDIS_URL', '127.0.0.1:6379', 'REDIS_URL is not a valid URL'],
    ['SMTP_URL', 'mail.example.com', 'SMTP_URL is not a valid URL'],
    ['DEV_TOOLS', 'maybe', 'DEV_TOOLS must be true or false (got "maybe")'],
    ['OUTBOX_MAX_ATTEMPTS', '0', 'OUTBOX_MAX_ATTEMPTS must be a whole number from 1 to 100 (got "0")'],
    ['DEV_PORTS', '8080,http', 'DEV_PORTS must be a comma-separated list of ports (got "8080,http")'],
  ])('refuses %s=%s with a clear message', (name, value, message) => {
    expect(problemsOf({ SECRET_KEY: SECRET, [name]: value })).toEqual([message]);
  });

  it('refuses dev tools in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: SECRET, DEV_TOOLS: 'true' })).toEqual([
      'DEV_TOOLS cannot be on when NODE_ENV=production',
    ]);
  });

  it('requires SECRET_KEY in production, and a long one everywhere', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SECRET_KEY is required when NODE_ENV=production (32 or more characters)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: '   ' })).toEqual([
      'SECRET_KEY is required when NODE_ENV=production (32 or more characters)',
    ]);
    expect(problemsOf({ SECRET_KEY: 'short' })).toEqual(['SECRET_KEY must be at least 32 characters']);
  });

  it('reports every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        PORT: '99999',
        DATABASE_URL: 'mysql://root:hunter2@db/accounts',
        REDIS_URL: 'http://cache:6379',
        DEV_TOOLS: 'on',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(5);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT must be a whole number/),
        expect.stringMatching(/^DATABASE_URL must start with/),
        expect.stringMatching(/^REDIS_URL must use redis: or rediss:/),
        'DEV_TOOLS cannot be on when NODE_ENV=production',
        expect.stringMatching(/^SECRET_KEY is required when NODE_ENV=production/),
      ]),
    );
    // One message, one line per problem, for the operator reading the start-up failure.
    expect(error.message.split('\n')).toHaveLength(6);
    expect(error.message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('never repeats a password from a URL in a message', () => {
    const problems = problemsOf({
      SECRET_KEY: SECRET,
      DATABASE_URL: 'mysql://root:hunter2@db/accounts',
      REDIS_URL: 'http://user:hunter2@cache:6379',
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problems[0]).toContain('mysql://root:***@db/accounts');
  });
});

describe('redactUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/accounts')).toBe('postgres://app:***@db:5432/accounts');
    expect(redactUrl('redis://cache:6379')).toBe('redis://cache:6379');
    expect(redactUrl('sqlite:/var/data/a.db')).toBe('sqlite:/var/data/a.db');
  });
});

describe('TRUST_PROXY', () => {
  const trustOf = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;

  it('is off by default and for the words that mean off', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    for (const off of ['false', '0', 'no', 'off', '']) expect(trustOf(off)).toBe(false);
  });

  it('takes a hop count, or proxy addresses, ranges and range names', () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.2, 10.1.0.0/16,loopback,fd00::/8')).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses "trust everything", which lets a client forge its address', () => {
    for (const all of ['true', 'yes', 'on', '*']) {
      expect(problemsOf({ TRUST_PROXY: all, SECRET_KEY: SECRET })).toEqual([
        expect.stringContaining('would let any client forge its address'),
      ]);
    }
  });

  it('refuses entries that are neither addresses nor ranges', () => {
    expect(problemsOf({ TRUST_PROXY: '10.0.0.2,proxy.local,10.0.0.0/33', SECRET_KEY: SECRET })).toEqual([
      'TRUST_PROXY has entries that are neither addresses nor ranges: proxy.local, 10.0.0.0/33',
    ]);
    expect(problemsOf({ TRUST_PROXY: '11', SECRET_KEY: SECRET })).toEqual([
      'TRUST_PROXY hop count must be from 1 to 10 (got 11)',
    ]);
  });
});

describe('DEV_TOOLS_INTERFACE', () => {
  it('is an IP address of this machine when set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).devToolsInterface).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, DEV_TOOLS_INTERFACE: '192.168.1.20' }).devToolsInterface).toBe(
      '192.168.1.20',
    );
    expect(problemsOf({ DEV_TOOLS_INTERFACE: 'eth0', SECRET_KEY: SECRET })).toEqual([
      'DEV_TOOLS_INTERFACE must be an IP address of this machine (got "eth0")',
    ]);
  });
});

describe('the settings declarations', () => {
  /** The README's configuration table: one row per variable, `name | default | meaning`. */
  function readmeRows() {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Configuration\n'));
    const table = section.slice(section.indexOf('\n|') + 1).split('\n');
    const rows = table
      .slice(
        0,
        table.findIndex((line) => !line.startsWith('|')),
      )
      .slice(2);
    return rows.map((row) => {
      const cells = row
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|'));
      const name = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1] ?? `(not one name: ${cells[0]})`;
      return { name, default: cells[1], meaning: cells[2] };
    });
  }

  const byName = <T extends { name: string }>(rows: readonly T[]) =>
    [...rows].sort((a, b) => a.name.localeCompare(b.name));

  it("are the rows of the README's configuration table: each variable with its default and meaning", () => {
    const declared = configurationVariables.map(({ name, default: fallback, meaning }) => ({
      name,
      default: fallback,
      meaning,
    }));
    expect(new Set(declared.map((row) => row.name)).size).toBe(declared.length);
    expect(byName(readmeRows())).toEqual(byName(declared));
  });

  it('name every variable the configuration reads, and each is read', () => {
    const asked = new Set<string>();
    const recording = (values: Record<string, string>) =>
      new Proxy(values, {
        get(target, name) {
          if (typeof name === 'string') asked.add(name.replace(/^OAUTH_(GOOGLE|WECHAT)_/, 'OAUTH_<NAME>_'));
          return typeof name === 'string' ? target[name] : undefined;
        },
      });
    loadConfig(recording({ DATA_DIR: dataDir }));
    // One provider found by discovery and one with explicit endpoints: between them every
    // per-provider variable is read.
    loadConfig(
      recording({
        DATA_DIR: dataDir,
        OAUTH_PROVIDERS: 'google,wechat',
        OAUTH_PUBLIC_URL: 'https://account.example.com',
        OAUTH_GOOGLE_CLIENT_ID: 'id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
        OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
        OAUTH_WECHAT_CLIENT_ID: 'id',
        OAUTH_WECHAT_CLIENT_SECRET: 'secret',
        OAUTH_WECHAT_AUTHORIZATION_URL: 'https://open.weixin.qq.com/connect/qrconnect',
        OAUTH_WECHAT_TOKEN_URL: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      }),
    );
    expect([...asked].sort()).toEqual(configurationVariables.map((variable) => variable.name).sort());
  });

  it('of the modules follow the module registry, and every settings file is listed', () => {
    const registered = modules.map((module) => module.name);
    const listed = moduleSettings.map((settings) => settings.module);
    expect(registered).toEqual(expect.arrayContaining(listed));
    expect(listed).toEqual(registered.filter((name) => listed.includes(name)));

    const modulesDir = path.join(repoRoot, 'apps/server/src/modules');
    const files = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        fs.readdirSync(path.join(modulesDir, entry.name)).filter((file) => file.endsWith('.settings.ts')),
      );
    expect(files.map((file) => file.replace(/\.settings\.ts$/, '')).sort()).toEqual([...listed].sort());
  });

  it('give each part of the configuration to one module', () => {
    const facts = { nodeEnv: 'test', production: false, port: 8080, devTools: true };
    const owners = new Map<string, string>();
    for (const settings of moduleSettings) {
      const reader = new SettingsReader({}, []);
      for (const key of Object.keys(settings.read(reader, facts))) {
        expect([key, owners.get(key)]).toEqual([key, undefined]);
        owners.set(key, settings.module);
      }
    }
    expect(owners.size).toBeGreaterThan(0);
  });
});
