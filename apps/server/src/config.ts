import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRegionRule, type RegionRule, type ServiceName, serviceNames } from '@account-centre/contract';
import type { PasswordHashCost } from './modules/auth/passwords.js';
import { type OAuthConfig, readOAuthConfig } from './modules/oauth/oauth.config.js';
import { withSandboxProviders } from './modules/oauth/sandbox.js';
import { type PaymentsConfig, readPaymentsConfig } from './modules/payments/payments.config.js';
import { CHINA_2026_HOLIDAYS, CHINA_2026_WORKDAYS, type PayoutCalendar } from './modules/income/payout-calendar.js';

/** The repository root, for defaults that live beside the code (data/, the web build). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  nodeEnv: string;
  host: string;
  port: number;
  /** `sqlite:<file>` (default, under data/) or a `postgres://` URL. */
  databaseUrl: string;
  redisUrl: string | null;
  /**
   * How long a Redis command may take before the server goes on without Redis
   * (`REDIS_TIMEOUT_MS`); a Redis that stops answering is noticed within about twice this
   * (docs/decisions/054).
   */
  redisTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Outbox delivery: how often each instance looks for due messages (0: only when asked, e.g.
   * by tests), and how many tries a message gets before it stays unsent with its last error.
   */
  outbox: { pollMs: number; maxAttempts: number };
  region: RegionRule;
  /** Where the built web app is served from. */
  webDist: string;
  dataDir: string;
  /** `/api/dev/…` exists only when on; never on in production. */
  devTools: boolean;
  /**
   * Dev tools answer callers on loopback only; an address of one of this machine's interfaces
   * named here (DEV_TOOLS_INTERFACE) opens them to that network too, on purpose.
   */
  devToolsInterface: string | null;
  logLevel: string;
  /**
   * Which peers may tell us the client's address (`X-Forwarded-*`): none (false), the nearest
   * N hops, or proxies at these addresses/ranges. Never "everyone": the left-most entry of
   * `X-Forwarded-For` is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** A rotated refresh token still answers within this window (racing tabs), then revokes the family. */
  refreshGraceSeconds: number;
  /**
   * How long an instance may answer from memory that an access token is good (0: never, every
   * request asks the database). Revocations reach every instance at once (docs/decisions/021);
   * this bounds the rare case where one is lost.
   */
  tokenCacheSeconds: number;
  rateLimit: { max: number; windowSeconds: number };
  /** Seed the demo account when the database has no users (npm start). */
  seedDemo: boolean;
  /**
   * Server secret for keyed hashes of low-entropy secrets (verification codes). Shared by all
   * instances; required in production, generated once under data/ elsewhere.
   */
  secretKey: string;
  /** Origins allowed to frame the app (the tablet/mobile frame of the diagram product). */
  frameAncestors: string[];
  /**
   * The keys of the company's services that call `/api/internal/` routes (`SERVICE_KEYS`,
   * `name=key` pairs; docs/decisions/029). A service without a key cannot call anything.
   */
  serviceKeys: Partial<Record<ServiceName, string>>;
  /** How often each instance lets expired AI points go (`POINTS_SWEEP_SECONDS`; 0: never). */
  pointsSweepSeconds: number;
  /**
   * How often each instance deletes the sign-in records that no longer matter: tokens past their
   * end, spent throttle rows, codes and tickets a day past theirs (`TOKEN_SWEEP_SECONDS`, named
   * when it swept tokens alone; 0: never). A rotation only adds rows (docs/decisions/039).
   */
  tokenSweepSeconds: number;
  /**
   * Product and brand names a nickname must not contain (spec 01 §5), compared after the
   * same folding as sensitive words (case, spaces and punctuation between characters).
   */
  brandNames: string[];
  /** argon2id cost of new password hashes: `standard`, or `minimal` for the test suite only. */
  passwordHashCost: PasswordHashCost;
  /**
   * Third-party sign-in providers (DESIGN §2): none unless `OAUTH_PROVIDERS` lists them, and in
   * development the sandbox standing in for the others (`oauthSandbox`, decision 024).
   */
  oauth: OAuthConfig;
  /** The built-in sandbox provider serves every provider not configured; never in production. */
  oauthSandbox: boolean;
  /** Days off and weekend days worked in China, for withdrawals' payout dates (decision 034). */
  payoutCalendar: PayoutCalendar;
  /** The checkout's providers, prices and schedules (docs/decisions/037). */
  payments: PaymentsConfig;
  /**
   * Customer service's contact for company administrators (`COMPANY_CONTACT_URL`), shown as a QR
   * code on the enterprise settings tab (spec 02 §2); none when unset in production.
   */
  companyContactUrl: string | null;
}

/** The family's product and company names, in the spellings people type. */
export const defaultBrandNames = [
  'edraw',
  'edrawmax',
  'edrawmind',
  'edrawproj',
  'mindmaster',
  'orgcharting',
  'wondershare',
  '亿图',
  '万兴',
];

/** Where development and demo builds send company administrators for customer service. */
const DEMO_COMPANY_CONTACT_URL = 'https://support.example.com/enterprise';

function readContactUrl(raw: string | undefined, production: boolean, problems: string[]): string | null {
  const value = raw?.trim();
  if (!value) return production ? null : DEMO_COMPANY_CONTACT_URL;
  if (!/^https?:\/\/\S+$/.test(value) || value.length > 500) {
    problems.push('COMPANY_CONTACT_URL must be an http(s) address of at most 500 characters');
    return null;
  }
  return value;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * The configuration of a process about to start (server, migrations): a configuration error is
 * printed and the process stops with exit code 2, before anything was opened.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** Reads the configuration from the environment; every bad value is reported at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');

  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${path.join(dataDir, 'account-centre.db')}`;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with "sqlite:" or "postgres://" (got "${redactUrl(databaseUrl)}")`);
  }
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  const smtpUrl = read.url('SMTP_URL', ['smtp:', 'smtps:']);
  const devTools = read.bool('DEV_TOOLS', !production);
  if (production && devTools) problems.push('DEV_TOOLS cannot be on when NODE_ENV=production');
  const devToolsInterface = env.DEV_TOOLS_INTERFACE?.trim() || null;
  if (devToolsInterface !== null && net.isIP(devToolsInterface) === 0) {
    problems.push(`DEV_TOOLS_INTERFACE must be an IP address of this machine (got "${devToolsInterface}")`);
  }

  const config: Config = {
    nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port: read.int('PORT', 8080, 0, 65535),
    databaseUrl,
    redisUrl,
    redisTimeoutMs: read.int('REDIS_TIMEOUT_MS', 500, 50, 10_000),
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Account Centre <no-reply@localhost>',
    outbox: {
      // Codes should arrive within seconds; one indexed query per instance every 2 s is cheap.
      pollMs: read.int('OUTBOX_POLL_MS', 2000, 0, 3_600_000),
      maxAttempts: read.int('OUTBOX_MAX_ATTEMPTS', 8, 1, 100),
    },
    region: {
      domesticMarker: env.DOMESTIC_HOST_MARKER ?? defaultRegionRule.domesticMarker,
      developmentPorts: read.intList('DEV_PORTS', defaultRegionRule.developmentPorts),
    },
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    dataDir,
    devTools,
    devToolsInterface,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
    accessTokenTtl: read.int('ACCESS_TOKEN_TTL', 900, 30, 86_400),
    refreshTokenTtl: read.int('REFRESH_TOKEN_TTL', 30 * 86_400, 300, 365 * 86_400),
    refreshGraceSeconds: read.int('REFRESH_GRACE_SECONDS', 10, 0, 120),
    tokenCacheSeconds: read.int('TOKEN_CACHE_SECONDS', 30, 0, 60),
    rateLimit: {
      max: read.int('RATE_LIMIT_MAX', 600, 1, 1_000_000),
      windowSeconds: read.int('RATE_LIMIT_WINDOW', 60, 1, 3600),
    },
    seedDemo: read.bool('SEED_DEMO', !production),
    secretKey: env.SECRET_KEY?.trim() ?? '',
    frameAncestors: (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean),
    serviceKeys: readServiceKeys(env.SERVICE_KEYS, problems),
    pointsSweepSeconds: read.int('POINTS_SWEEP_SECONDS', 60, 0, 86_400),
    tokenSweepSeconds: read.int('TOKEN_SWEEP_SECONDS', 60, 0, 86_400),
    brandNames:
      env.BRAND_NAMES === undefined
        ? [...defaultBrandNames]
        : env.BRAND_NAMES.split(',')
            .map((name) => name.trim())
            .filter(Boolean),
    oauth: readOAuthConfig(env, problems),
    oauthSandbox: false,
    companyContactUrl: readContactUrl(env.COMPANY_CONTACT_URL, production, problems),
    passwordHashCost: readPasswordHashCost(env, nodeEnv, problems),
    payoutCalendar: {
      holidays: new Set(readDays(env, 'PAYOUT_HOLIDAYS', CHINA_2026_HOLIDAYS, problems)),
      workdays: new Set(readDays(env, 'PAYOUT_WORKDAYS', CHINA_2026_WORKDAYS, problems)),
    },
    payments: readPaymentsConfig(env, { production, readInt: read.int.bind(read) }, problems),
  };
  // Development offers every third-party row through the built-in sandbox provider (decision
  // 024); production shows only the providers configured.
  config.oauthSandbox = read.bool('OAUTH_SANDBOX', nodeEnv === 'development');
  if (config.oauthSandbox) {
    if (production) problems.push('OAUTH_SANDBOX cannot be on when NODE_ENV=production');
    else if (!devTools) problems.push('OAUTH_SANDBOX needs DEV_TOOLS: its provider answers under /api/dev/');
    else config.oauth = withSandboxProviders(config.oauth, config.port);
  }
  if (!config.secretKey) {
    if (production) problems.push('SECRET_KEY is required when NODE_ENV=production (32 or more characters)');
    else config.secretKey = localSecret(dataDir);
  } else if (config.secretKey.length < 32) {
    problems.push('SECRET_KEY must be at least 32 characters');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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

/** A comma-separated list of calendar days (YYYY-MM-DD); the default when the variable is unset. */
function readDays(env: Env, name: string, fallback: readonly string[], problems: string[]): string[] {
  const raw = env[name];
  if (raw === undefined) return [...fallback];
  const days = raw
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean);
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      problems.push(`${name}: "${day}" is not a day (YYYY-MM-DD)`);
  }
  return days;
}

function readPasswordHashCost(env: Env, nodeEnv: string, problems: string[]): PasswordHashCost {
  const raw = env.PASSWORD_HASH_COST?.trim() || 'standard';
  if (raw !== 'standard' && raw !== 'minimal') {
    problems.push(`PASSWORD_HASH_COST must be standard or minimal (got "${raw}")`);
    return 'standard';
  }
  if (raw === 'minimal' && nodeEnv !== 'test') {
    problems.push('PASSWORD_HASH_COST=minimal is for the test suite only (NODE_ENV=test)');
    return 'standard';
  }
  return raw;
}

export type TrustProxy = false | number | string[];

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

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  intList(name: string, fallback: readonly number[]): number[] {
    const raw = this.env[name]?.trim();
    if (raw === undefined) return [...fallback];
    if (raw === '') return [];
    const values = raw.split(',').map((part) => Number(part.trim()));
    if (values.some((v) => !Number.isInteger(v) || v < 1 || v > 65535)) {
      this.problems.push(`${name} must be a comma-separated list of ports (got "${raw}")`);
      return [...fallback];
    }
    return values;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.env[name]?.trim();
    if (!raw) return null;
    try {
      const url = new URL(raw);
      if (!protocols.includes(url.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${redactUrl(raw)}")`);
        return null;
      }
      return raw;
    } catch {
      this.problems.push(`${name} is not a valid URL`);
      return null;
    }
  }
}

/** Hides the password part of a URL before it reaches a message or a log. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@/]+@/, '//$1:***@');
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
