import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRegionRule, type ServiceName, serviceNames } from '@account-centre/contract';
import type { ServerConfig, TrustProxy } from './lib/server-config.js';
import {
  type Env,
  redactUrl,
  type ServerFacts,
  type SettingDoc,
  type SettingsReader,
  wholeNumber,
} from './lib/settings.js';

export { redactUrl };
export type { ServerConfig, TrustProxy };

/** The repository root, for defaults that live beside the code (data/, the web build). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/*
 * The server's own settings: where it listens, its stores, its HTTP, its secret and its dev tools,
 * each variable declared with its default and meaning as the README's configuration table lists
 * them. The modules' settings are declared beside their manifests; load-config.ts composes the two
 * (docs/decisions/066), so this file, read by every process before anything else, imports no module.
 */

const port = wholeNumber('PORT', { fallback: 8080, min: 0, max: 65535, meaning: 'HTTP port' });
const redisTimeoutMs = wholeNumber('REDIS_TIMEOUT_MS', {
  fallback: 500,
  min: 50,
  max: 10_000,
  meaning:
    'how long a Redis command may take before the server goes on without Redis: rate limits are then counted per ' +
    'instance, tokens checked in the database, health says `unavailable`; a silent Redis is noticed within two of ' +
    'these (docs/decisions/054)',
});
const rateLimitMax = wholeNumber('RATE_LIMIT_MAX', {
  fallback: 600,
  min: 1,
  max: 1_000_000,
  meaning: 'per-IP ceiling on `/api/` requests in each `RATE_LIMIT_WINDOW`',
});
const rateLimitWindow = wholeNumber('RATE_LIMIT_WINDOW', {
  fallback: 60,
  min: 1,
  max: 3600,
  meaning: "the rate limit's window, seconds",
});

const DEFAULT_MARKER = defaultRegionRule.domesticMarker;
const DEFAULT_DEV_PORTS = defaultRegionRule.developmentPorts;

/** The server's own variables, as the README's configuration table lists them. */
export const serverVariables: readonly SettingDoc[] = [
  { name: 'NODE_ENV', default: '`development`', meaning: '`production` turns dev tools and the demo seed off' },
  port,
  { name: 'HOST', default: '`0.0.0.0`', meaning: 'interface to listen on' },
  {
    name: 'DATABASE_URL',
    default: '`sqlite:data/account-centre.db`',
    meaning: '`sqlite:<file>` or `postgres://user:pass@host:5432/db`',
  },
  {
    name: 'REDIS_URL',
    default: '—',
    meaning:
      '`redis://host:6379`; shares rate limits between instances and tells every instance at once which sessions ended',
  },
  redisTimeoutMs,
  {
    name: 'SECRET_KEY',
    default: 'generated into `data/secret.key`',
    meaning: '32+ characters, the same on every instance; required in production',
  },
  {
    name: 'DOMESTIC_HOST_MARKER',
    default: `\`${DEFAULT_MARKER}\``,
    meaning: 'a host containing it serves the domestic region',
  },
  {
    name: 'DEV_PORTS',
    default: `\`${DEFAULT_DEV_PORTS.join(',')}\``,
    meaning: 'a host on one of these ports is domestic too (development)',
  },
  {
    name: 'DEV_TOOLS',
    default: 'on unless `NODE_ENV=production`',
    meaning:
      '`/api/dev/…` (e.g. the outbox reader); cannot be on in production; answers only callers on this machine ' +
      '(loopback), as does the sandbox pay page (decision 051)',
  },
  {
    name: 'DEV_TOOLS_INTERFACE',
    default: '—',
    meaning:
      'an address of this machine whose network may use dev tools and the sandbox pay page too (a shared test machine)',
  },
  {
    name: 'SEED_DEMO',
    default: 'on unless production',
    meaning: 'create the demo account on an empty database at start',
  },
  rateLimitMax,
  rateLimitWindow,
  {
    name: 'TRUST_PROXY',
    default: '`false`',
    meaning:
      'whom to believe in `X-Forwarded-*`: the number of proxies in front (`1`; only when the server cannot be ' +
      'reached around them) or their addresses and ranges (`10.0.0.2,10.1.0.0/16,loopback`); `true` is refused. ' +
      'https through a trusted proxy makes the refresh cookie `Secure` (docs/decisions/016)',
  },
  {
    name: 'FRAME_ANCESTORS',
    default: '—',
    meaning: 'origins allowed to frame the app (the tablet frame), space- or comma-separated',
  },
  {
    name: 'SERVICE_KEYS',
    default: '—',
    meaning:
      'keys of the services that call `/api/internal/`: `products=…,templates=…,orders=…`, each 32+ characters ' +
      '(decision 029)',
  },
  { name: 'WEB_DIST', default: '`apps/web/dist`', meaning: 'the built web app' },
  {
    name: 'DATA_DIR',
    default: '`data`',
    meaning:
      'SQLite file, secret, uploaded files; the server makes the directory, the database and the secret readable ' +
      'by its own user only (0700, 0600)',
  },
  { name: 'LOG_LEVEL', default: '`warn` (`info` in production)', meaning: 'pino level' },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the server's own settings from the reader's environment, noting each bad value in the
 * reader's problems rather than stopping at the first, so that the modules' settings are read too
 * and every problem is reported at once. The secret is settled afterwards (`settleSecretKey`).
 */
export function readServerConfig(read: SettingsReader): { server: ServerConfig; facts: ServerFacts } {
  const env: Env = read.env;
  const problems = read.problems;
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');

  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${path.join(dataDir, 'account-centre.db')}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with "sqlite:" or "postgres://" (got "${redactUrl(databaseUrl)}")`);
  }
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  const devTools = read.bool('DEV_TOOLS', !production);
  if (production && devTools) problems.push('DEV_TOOLS cannot be on when NODE_ENV=production');
  const devToolsInterface = env.DEV_TOOLS_INTERFACE?.trim() || null;
  if (devToolsInterface !== null && net.isIP(devToolsInterface) === 0) {
    problems.push(`DEV_TOOLS_INTERFACE must be an IP address of this machine (got "${devToolsInterface}")`);
  }

  const server: ServerConfig = {
    nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port: port.read(read),
    databaseUrl,
    redisUrl,
    redisTimeoutMs: redisTimeoutMs.read(read),
    region: {
      domesticMarker: env.DOMESTIC_HOST_MARKER ?? DEFAULT_MARKER,
      developmentPorts: read.intList('DEV_PORTS', DEFAULT_DEV_PORTS),
    },
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    dataDir,
    devTools,
    devToolsInterface,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
    rateLimit: { max: rateLimitMax.read(read), windowSeconds: rateLimitWindow.read(read) },
    seedDemo: read.bool('SEED_DEMO', !production),
    secretKey: env.SECRET_KEY?.trim() ?? '',
    frameAncestors: (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    serviceKeys: readServiceKeys(env.SERVICE_KEYS, problems),
  };
  return { server, facts: { nodeEnv, production, port: server.port, devTools } };
}

/**
 * `SECRET_KEY`: required in production, 32 or more characters; elsewhere, when unset, the one kept
 * under the data directory (made on first use). Its problems come last, after every module's.
 */
export function settleSecretKey(server: ServerConfig, read: SettingsReader): void {
  const production = server.nodeEnv === 'production';
  if (!server.secretKey) {
    if (production) read.problem('SECRET_KEY is required when NODE_ENV=production (32 or more characters)');
    else server.secretKey = localSecret(server.dataDir);
  } else if (server.secretKey.length < 32) {
    read.problem('SECRET_KEY must be at least 32 characters');
  }
}

/** `SERVICE_KEYS`: `products=…,templates=…`, each key 32 or more characters, each service once. */
export function readServiceKeys(raw: string | undefined, problems: string[]): Partial<Record<ServiceName, string>> {
  const keys: Partial<Record<ServiceName, string>> = {};
  for (const pair of (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim() as ServiceName;
    const key = pair.slice(at + 1).trim();
    if (at < 1 || !serviceNames.includes(name)) {
      problems.push(`SERVICE_KEYS: each entry is <service>=<key>, the service one of ${serviceNames.join(', ')}`);
    } else if (key.length < 32) {
      problems.push(`SERVICE_KEYS: the key of ${name} must be at least 32 characters`);
    } else if (keys[name] !== undefined) {
      problems.push(`SERVICE_KEYS: ${name} is named twice`);
    } else {
      keys[name] = key;
    }
  }
  return keys;
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: off, a hop count (`1` = one reverse proxy in front), or a comma-separated list
 * of proxy addresses, CIDR ranges and range names. `true` is refused: trusting every hop lets
 * a client pick its own address, and per-IP limits with it.
 */
export function readTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on', 'all', '*'].includes(value)) {
    problems.push(
      'TRUST_PROXY must say whom to trust: the number of proxies in front of the server (e.g. 1) or their addresses ' +
        `(e.g. 10.0.0.2,10.1.0.0/16,loopback); "${raw?.trim()}" would let any client forge its address`,
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`TRUST_PROXY hop count must be from 1 to 10 (got ${hops})`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !proxyRangeNames.includes(entry) && !isAddressOrRange(entry));
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY has entries that are neither addresses nor ranges: ${bad.join(', ')}`);
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** A development secret kept in data/secret.key, so codes survive a restart on one machine. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    // Its own user only, like the database file and the secret in it (db/database.ts).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // another process wrote it first: use theirs
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
