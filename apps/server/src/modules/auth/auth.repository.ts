import { type ExpressionBuilder, type InferResult, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/migrations/helpers.js';
import { hotQuery } from '../../db/hot-query.js';
import type { Database } from '../../db/db.js';
import type { SessionsTable } from './auth.tables.js';
import { findUserIdByAddress, type ProfileJoin } from '../user/index.js';
import { type EndingSessions, revokingSessions } from './session-store.js';

// ---- users and credentials -------------------------------------------------------------

/** The profile's part of the password (modules/user `profileShowsPasswordWith`): set, or not. */
export const joinPasswordSet: ProfileJoin<{ password_user_id: number | null }> = (query) =>
  query
    .leftJoin('credentials', (join) =>
      join.onRef('credentials.user_id', '=', 'users.id').on('credentials.kind', '=', sql.lit('password')),
    )
    .select('credentials.user_id as password_user_id');

export type AccountColumn = 'email' | 'mobile';

/**
 * A user by sign-in account, with the password hash when one is set. The account is the user
 * module's (docs/architecture.md#table-owners), the password this module's.
 */
export async function findUserForSignIn(db: Db, column: AccountColumn, value: string) {
  const user = await findUserIdByAddress(db, column, value);
  return user && { id: user.id, secret_hash: await findPasswordHash(db, user.id) };
}

/** The account's password hash, or null when it has none. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('credentials')
    .select('secret_hash')
    .where('user_id', '=', userId)
    .where('kind', '=', 'password')
    .executeTakeFirst();
  return row?.secret_hash ?? null;
}

/** Sets (or replaces) a user's password hash. */
export function upsertPassword(db: Db, userId: number, secretHash: string, now: number) {
  return db
    .insertInto('credentials')
    .values({ user_id: userId, kind: 'password', secret_hash: secretHash, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ secret_hash: secretHash, updated_at: now }))
    .execute();
}

// Read by the demo seed, which asks here; the accounts are the user module's.
export { findUserIdByEmail, hasAnyUser } from '../user/index.js';

// ---- sessions and tokens ---------------------------------------------------------------

export function insertSession(db: Db, values: SessionsTable) {
  return db.insertInto('sessions').values(values).execute();
}

type NewAccessToken = {
  token_hash: string;
  session_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
};
type NewRefreshToken = {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  access_token_hash: string;
};

/**
 * Stores a session's new pair. On PostgreSQL one statement does both writes (a data-modifying
 * WITH, decision 039); SQLite, in the process, runs them in turn. A rotation's first use stores
 * its pair in `spendRefreshToken` (decision 046).
 */
export async function storePair(db: Db, pair: { access: NewAccessToken; refresh: NewRefreshToken }): Promise<void> {
  const { access, refresh } = pair;
  if (dialectOf(db) === 'postgres') {
    await sql`
      WITH issued AS (
        INSERT INTO access_tokens (token_hash, session_id, user_id, created_at, expires_at)
        VALUES (${access.token_hash}, ${access.session_id}, ${access.user_id}, ${access.created_at}, ${access.expires_at})
      )
      INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at, access_token_hash, rotated_at)
      VALUES (${refresh.token_hash}, ${refresh.session_id}, ${refresh.created_at}, ${refresh.expires_at},
        ${refresh.access_token_hash}, NULL)
    `.execute(db);
    return;
  }
  await db.insertInto('access_tokens').values(access).execute();
  await db
    .insertInto('refresh_tokens')
    .values({ ...refresh, rotated_at: null })
    .execute();
}

function accessTokenQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('access_tokens')
    .innerJoin('sessions', 'sessions.id', 'access_tokens.session_id')
    .select([
      'access_tokens.user_id',
      'access_tokens.session_id',
      'access_tokens.expires_at',
      'sessions.expires_at as session_expires_at',
      'sessions.revoked_at',
    ])
    .where('access_tokens.token_hash', '=', tokenHash);
}

export type AccessTokenRow = InferResult<ReturnType<typeof accessTokenQuery>>[number];

const accessTokenByHash = hotQuery(accessTokenQuery);

/**
 * The query behind a signed-in request that this instance does not remember (authenticate.plugin.ts):
 * the access token by its hash (primary key) joined with its session (primary key), its SQL
 * compiled once.
 */
export async function findAccessToken(db: Db, tokenHash: string): Promise<AccessTokenRow | undefined> {
  return (await accessTokenByHash(db, tokenHash))[0];
}

/** A new pair for a session whose refresh token is being spent; its session and user come from the rows. */
export type NextPair = {
  access: { token_hash: string; expires_at: number };
  refresh: { token_hash: string; expires_at: number };
};

/**
 * A refresh token's first use as one unit (decision 046): the token is spent, its session
 * extended to the new refresh token's end, the new pair stored and the access token issued with
 * the spent one ended. Answers undefined when nothing was spent (unknown, already spent or past
 * its end: the caller decides what such a use means), `userId` null when the token was spent but
 * its session had ended or been revoked (nothing else is written then).
 *
 * On PostgreSQL it is one statement outside any transaction — one round trip, atomic as every
 * statement is — whose conditions are those of `rotateRefreshToken` and `extendLiveSession`;
 * `sessions.test.ts` runs the same rules on both databases. SQLite, in the process, runs those
 * functions in one transaction.
 */
export async function spendRefreshToken(
  db: Db,
  input: { tokenHash: string; now: number; next: NextPair },
): Promise<{ sessionId: string; userId: number | null } | undefined> {
  const { tokenHash, now, next } = input;
  if (dialectOf(db) === 'postgres') {
    // Parameters in a SELECT list have no type PostgreSQL can infer, hence the casts.
    const { rows } = await sql<{ session_id: string; user_id: number | null }>`
      WITH spent AS (
        UPDATE refresh_tokens SET rotated_at = ${now}
        WHERE token_hash = ${tokenHash} AND rotated_at IS NULL AND expires_at > ${now}
        RETURNING session_id, access_token_hash
      ), live AS (
        UPDATE sessions SET last_used_at = ${now}, expires_at = ${next.refresh.expires_at}
        FROM spent
        WHERE sessions.id = spent.session_id AND sessions.revoked_at IS NULL AND sessions.expires_at > ${now}
        RETURNING sessions.id, sessions.user_id, spent.access_token_hash AS replaced
      ), ended AS (
        UPDATE access_tokens SET expires_at = ${now}
        FROM live
        WHERE access_tokens.token_hash = live.replaced AND access_tokens.expires_at > ${now}
      ), issued AS (
        INSERT INTO access_tokens (token_hash, session_id, user_id, created_at, expires_at)
        SELECT ${next.access.token_hash}::varchar, live.id, live.user_id, ${now}::bigint, ${next.access.expires_at}::bigint
        FROM live
      ), stored AS (
        INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at, access_token_hash, rotated_at)
        SELECT ${next.refresh.token_hash}::varchar, live.id, ${now}::bigint, ${next.refresh.expires_at}::bigint,
          ${next.access.token_hash}::varchar, NULL
        FROM live
      )
      SELECT spent.session_id, live.user_id FROM spent LEFT JOIN live ON true
    `.execute(db);
    const row = rows[0];
    return row && { sessionId: row.session_id, userId: row.user_id };
  }
  return db.transaction().execute(async (trx) => {
    const spent = await rotateRefreshToken(trx, tokenHash, now);
    if (!spent) return undefined;
    const sessionId = spent.session_id;
    const session = await extendLiveSession(trx, sessionId, now, next.refresh.expires_at);
    if (!session) return { sessionId, userId: null };
    await storePair(trx, {
      access: { ...next.access, session_id: sessionId, user_id: session.user_id, created_at: now },
      refresh: { ...next.refresh, session_id: sessionId, created_at: now, access_token_hash: next.access.token_hash },
    });
    if (spent.access_token_hash !== null) await expireAccessToken(trx, spent.access_token_hash, now);
    return { sessionId, userId: session.user_id };
  });
}

/**
 * Marks a refresh token used, once, and answers its session and the access token issued with
 * it: no row back → already rotated, expired or unknown. Its conditions are repeated in
 * `spendRefreshToken`'s PostgreSQL statement.
 */
export function rotateRefreshToken(db: Db, tokenHash: string, now: number) {
  return db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['session_id', 'access_token_hash'])
    .executeTakeFirst();
}

/**
 * Ends an access token now. It is expired rather than deleted: until the token sweep deletes
 * it, it answers `token expired`, which tells a client racing its own refresh why (any 401
 * makes the client refresh once, so nothing depends on which one it gets).
 */
export function expireAccessToken(db: Db, tokenHash: string, now: number) {
  return db
    .updateTable('access_tokens')
    .set({ expires_at: now })
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['session_id', 'expires_at', 'rotated_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Moves the end of a live session (a session stays alive while it is used) and answers its
 * user; no row back → the session was revoked or has ended. Its conditions are repeated in
 * `spendRefreshToken`'s PostgreSQL statement.
 */
export function extendLiveSession(db: Db, sessionId: string, now: number, expiresAt: number) {
  return db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

/** How many rows one statement of the record sweep deletes at most: short write locks. */
const SWEEP_BATCH = 1000;

/**
 * Runs a delete of at most `SWEEP_BATCH` rows, answering how many went, until one deletes fewer,
 * and answers the total. Instances sweeping at once may choose the same rows; the one that comes
 * second deletes fewer and stops, and its next round goes on.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await deleteBatch(SWEEP_BATCH);
    deleted += count;
    if (count < SWEEP_BATCH) return deleted;
  }
}

/** The sign-in records that end at their `expires_at`, each with the key a batch is deleted by. */
const endingRecords = {
  access_tokens: 'token_hash',
  refresh_tokens: 'token_hash',
  login_tickets: 'ticket_hash',
  verification_codes: 'id',
} as const;

/**
 * Deletes the rows of `table` that ended by `endedBy`, a batch at a time, through its
 * `expires_at` index, and answers how many went (`sweepSignInRecords`). The table and its key
 * come from the list above, never from input.
 */
export function deleteEndedBy(db: Db, table: keyof typeof endingRecords, endedBy: number): Promise<number> {
  const key = sql.ref(endingRecords[table]);
  return deleteInBatches(async (limit) => {
    const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${key} IN (
      SELECT ${key} FROM ${sql.table(table)} WHERE expires_at <= ${endedBy} LIMIT ${limit})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
}

/**
 * Deletes access and refresh tokens past their end. Nothing a client holds changes meaning: an
 * expired access token answers 401 whether its row is here (`token expired`) or not
 * (`unauthorized`), and either 401 makes the client refresh once (spec 01 §7); an expired
 * refresh token is refused either way. A rotated refresh token stays until its own end, so that
 * a late reuse is still recognised and revokes the session.
 */
export async function deleteExpiredTokens(db: Db, now: number): Promise<number> {
  return (await deleteEndedBy(db, 'access_tokens', now)) + (await deleteEndedBy(db, 'refresh_tokens', now));
}

export async function revokeSession(db: Db, ending: EndingSessions, sessionId: string, now: number, reason: string) {
  const row = await revokingSessions(db, now, reason)
    .where('id', '=', sessionId)
    .returning('user_id')
    .executeTakeFirst();
  if (row) ending.sessions([sessionId]);
  return row;
}

export async function revokeUserSessions(db: Db, ending: EndingSessions, userId: number, now: number, reason: string) {
  await revokingSessions(db, now, reason).where('user_id', '=', userId).execute();
  ending.user(userId);
}

// ---- one-time login tickets ------------------------------------------------------------

export function insertTicket(
  db: Db,
  values: { ticket_hash: string; user_id: number; created_at: number; expires_at: number },
) {
  return db
    .insertInto('login_tickets')
    .values({ ...values, used_at: null })
    .execute();
}

/** Uses a ticket once: no row back → used, expired or unknown. */
export function claimTicket(db: Db, ticketHash: string, now: number) {
  return db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

export function findTicket(db: Db, ticketHash: string) {
  return db
    .selectFrom('login_tickets')
    .select(['used_at', 'expires_at'])
    .where('ticket_hash', '=', ticketHash)
    .executeTakeFirst();
}

export function deleteUnusedTickets(db: Db, userId: number) {
  return db.deleteFrom('login_tickets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

// ---- sign-in throttle ------------------------------------------------------------------

/** Creates a throttle row on its first try; a no-op afterwards. */
export async function ensureThrottleRow(db: Db, key: string, now: number, account: string | null): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({ key, window_started_at: now, failures: 0, locked_until: null, account, last_try_at: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Reserves one sign-in try under a key in a single conditional statement: refused while the
 * key is locked or has `limit` tries in the current window. Reaching the limit locks the key
 * for `lockSeconds`. No row back → locked.
 */
export function reserveThrottleTry(
  db: Db,
  key: string,
  now: number,
  rule: { limit: number; windowSeconds: number; lockSeconds: number },
) {
  const windowOver = sql<boolean>`window_started_at <= ${now - rule.windowSeconds}`;
  const next = sql<number>`CASE WHEN ${windowOver} THEN 1 ELSE failures + 1 END`;
  return db
    .updateTable('login_throttle')
    .set({
      failures: next,
      window_started_at: sql<number>`CASE WHEN ${windowOver} THEN ${now} ELSE window_started_at END`,
      // The CAST gives PostgreSQL a type for a CASE whose branches are a parameter and NULL.
      locked_until: sql<
        number | null
      >`CASE WHEN ${next} >= ${rule.limit} THEN CAST(${now + rule.lockSeconds} AS bigint) ELSE NULL END`,
    })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .where((eb) => eb.or([eb('window_started_at', '<=', now - rule.windowSeconds), eb('failures', '<', rule.limit)]))
    .returning(['failures'])
    .executeTakeFirst();
}

export interface DelayRule {
  /** Tries that need no wait. */
  freeTries: number;
  /** The wait after the last free try; each further try doubles it… */
  firstDelaySeconds: number;
  /** …up to this. */
  maxDelaySeconds: number;
  /** The count is forgotten after this long without a try. */
  quietResetSeconds: number;
}

/**
 * Reserves one try under a key that slows down instead of locking: refused only while the
 * wait set by the previous try runs. From the `freeTries`-th try on, each try sets the next
 * wait, `firstDelaySeconds · 2^(tries − freeTries)` capped at `maxDelaySeconds`, in the same
 * statement that counts it, so concurrent tries past the free ones pass one per wait.
 * No row back → still waiting.
 */
export function reserveDelayedTry(db: Db, key: string, now: number, rule: DelayRule) {
  const quiet = sql<boolean>`(last_try_at IS NULL OR last_try_at <= ${now - rule.quietResetSeconds})`;
  const next = sql<number>`(CASE WHEN ${quiet} THEN 1 ELSE failures + 1 END)`;
  // Doublings before the cap; the shift (the same operator on both databases) stays below it.
  const doublings = Math.ceil(Math.log2(rule.maxDelaySeconds / rule.firstDelaySeconds));
  const step = sql<number>`(${next} - ${sql.lit(rule.freeTries)})`;
  const delay = sql<number>`(CASE WHEN ${step} >= ${sql.lit(doublings)} THEN ${sql.lit(rule.maxDelaySeconds)}
    ELSE ${sql.lit(rule.firstDelaySeconds)} << ${step} END)`;
  return db
    .updateTable('login_throttle')
    .set({
      failures: next,
      window_started_at: sql<number>`CASE WHEN ${quiet} THEN ${now} ELSE window_started_at END`,
      last_try_at: now,
      locked_until: sql<number | null>`CASE WHEN ${step} >= 0 THEN CAST(${now} AS bigint) + ${delay} ELSE NULL END`,
    })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
}

export function findThrottle(db: Db, key: string) {
  return db.selectFrom('login_throttle').select(['failures', 'locked_until']).where('key', '=', key).executeTakeFirst();
}

/**
 * Gives back a reserved try that turned out not to be a failure. Dropping under `limit` ends
 * a lock (or a wait) that the try itself had set.
 */
export function refundThrottleTry(db: Db, key: string, limit: number) {
  return db
    .updateTable('login_throttle')
    .set({
      failures: sql<number>`failures - 1`,
      locked_until: sql<number | null>`CASE WHEN failures - 1 < ${limit} THEN NULL ELSE locked_until END`,
    })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export function clearThrottle(db: Db, key: string) {
  return db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/**
 * Deletes the throttle rows that had stopped mattering by a moment, a batch at a time: a lock or
 * wait that ended by `lockEndedBy`, a window that started by `windowStartedBy` and, for an
 * account's own row, a last try by `lastTryBy` (`deleteSpentThrottleRows` says why). A batch is
 * chosen by the window's index and deleted by key with the conditions repeated, so that a try
 * renewing a row in between keeps it (PostgreSQL checks them again on the row's newest version).
 * In one statement, PostgreSQL would read every spent row for each batch.
 */
export function deleteThrottleRowsOver(
  db: Db,
  by: { windowStartedBy: number; lastTryBy: number; lockEndedBy: number },
): Promise<number> {
  const over = (eb: ExpressionBuilder<Database, 'login_throttle'>) =>
    eb.and([
      eb('window_started_at', '<=', by.windowStartedBy),
      eb.or([eb('last_try_at', 'is', null), eb('last_try_at', '<=', by.lastTryBy)]),
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', by.lockEndedBy)]),
    ]);
  return deleteInBatches(async (limit) => {
    const batch = await db.selectFrom('login_throttle').select('key').where(over).limit(limit).execute();
    if (batch.length === 0) return 0;
    const keys = batch.map((row) => row.key);
    const result = await db.deleteFrom('login_throttle').where('key', 'in', keys).where(over).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Every row about an account: its own and those of each address it was tried from. */
export function clearAccountThrottles(db: Db, accounts: readonly string[]) {
  return db.deleteFrom('login_throttle').where('account', 'in', accounts).execute();
}

// ---- audit -----------------------------------------------------------------------------

export { type AuditEvent, insertAuditEvent } from '../audit/index.js';
