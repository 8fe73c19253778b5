import { defineSettings, periodSeconds, wholeNumber } from '../../lib/settings.js';
import type { PasswordHashCost } from './passwords.js';

/** The sign-in part of the configuration: tokens' lives, their cache and sweep, password hashing. */
export interface AuthSettings {
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
  /**
   * How often each instance deletes the sign-in records that no longer matter: tokens past their
   * end, spent throttle rows, codes and tickets a day past theirs (`TOKEN_SWEEP_SECONDS`, named
   * when it swept tokens alone; 0: never). A rotation only adds rows (docs/decisions/039).
   */
  tokenSweepSeconds: number;
  /** argon2id cost of new password hashes: `standard`, or `minimal` for the test suite only. */
  passwordHashCost: PasswordHashCost;
}

const accessTokenTtl = wholeNumber('ACCESS_TOKEN_TTL', {
  fallback: 900,
  min: 30,
  max: 86_400,
  meaning: 'access token life, seconds',
});
const refreshTokenTtl = wholeNumber('REFRESH_TOKEN_TTL', {
  fallback: 30 * 86_400,
  min: 300,
  max: 365 * 86_400,
  meaning: 'refresh token life, seconds (30 days)',
});
const refreshGraceSeconds = wholeNumber('REFRESH_GRACE_SECONDS', {
  fallback: 10,
  min: 0,
  max: 120,
  meaning: 'a rotated refresh token still answers a racing duplicate this long',
});
const tokenCacheSeconds = wholeNumber('TOKEN_CACHE_SECONDS', {
  fallback: 30,
  min: 0,
  max: 60,
  meaning:
    'how long (0–60 s) an instance answers from memory for an access token it has checked; ended sessions are ' +
    'forgotten at once on every instance (docs/decisions/021); `0` asks the database on every request',
});
const tokenSweepSeconds = periodSeconds(
  'TOKEN_SWEEP_SECONDS',
  60,
  'how often each instance deletes sign-in records past use: tokens, spent throttle rows, old codes and ' +
    'tickets; `0` never (decision 039)',
);

export const authSettings = defineSettings<AuthSettings>({
  module: 'auth',
  variables: [
    accessTokenTtl,
    refreshTokenTtl,
    refreshGraceSeconds,
    tokenCacheSeconds,
    tokenSweepSeconds,
    {
      name: 'PASSWORD_HASH_COST',
      default: '`standard`',
      meaning:
        'argon2id cost of new password hashes; `minimal`, far cheaper, only for the test suite (`NODE_ENV=test`)',
    },
  ],
  read: (reader, server) => ({
    accessTokenTtl: accessTokenTtl.read(reader),
    refreshTokenTtl: refreshTokenTtl.read(reader),
    refreshGraceSeconds: refreshGraceSeconds.read(reader),
    tokenCacheSeconds: tokenCacheSeconds.read(reader),
    tokenSweepSeconds: tokenSweepSeconds.read(reader),
    passwordHashCost: readPasswordHashCost(reader.env.PASSWORD_HASH_COST, server.nodeEnv, reader.problems),
  }),
});

function readPasswordHashCost(value: string | undefined, nodeEnv: string, problems: string[]): PasswordHashCost {
  const raw = value?.trim() || 'standard';
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
