import { type InferResult, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/db.js';
import { hotQuery } from '../../db/hot-query.js';
import type { UsersTable } from './user.tables.js';

/** The profile's own columns, of `users`: the start of the profile's one statement. */
function usersProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.region',
      'users.email',
      'users.mobile',
      'users.second_mobile',
      'users.nick_name',
      'users.avatar_url',
      'users.profile',
      'users.birthday',
      'users.sex',
      'users.country',
      'users.language',
      'users.created_at',
    ])
    .where('users.id', '=', userId);
}

/**
 * A part of the profile's statement that a module above this one owns: it joins its table to
 * `users` (a left join on the user's id) and selects the columns `Added`. Whatever the query
 * already selects, it keeps.
 */
export type ProfileJoin<Added> = <Selected>(
  query: SelectQueryBuilder<Database, 'users', Selected>,
) => SelectQueryBuilder<Database, 'users', Selected & Added>;

/**
 * How the profile shows the sign-in methods: whether a password is set (the auth module's
 * `credentials`) and which third-party sign-ins are linked (oauth's `identities`). Those modules
 * sit above this one, so each hands its join in as it loads (auth and oauth's index.ts), and the
 * profile stays one statement on the hot path (docs/decisions/026, 070) without this module
 * naming their tables.
 */
interface SignInMethodJoins {
  password?: ProfileJoin<{ password_user_id: number | null }>;
  identities?: ProfileJoin<{ identity_provider: string | null }>;
}

const signInMethodJoins: SignInMethodJoins = {};

/** Auth hands in its join: `password_user_id` is the user's id where a password is set. */
export function profileShowsPasswordWith(join: NonNullable<SignInMethodJoins['password']>): void {
  signInMethodJoins.password = join;
}

/** Oauth hands in its join: one row per linked identity, `identity_provider` null where none is. */
export function profileShowsIdentitiesWith(join: NonNullable<SignInMethodJoins['identities']>): void {
  signInMethodJoins.identities = join;
}

/**
 * A user's row with whether a password is set and which third-party sign-ins are linked: the
 * whole of GET /api/user/:userId in one statement — one row per linked identity, at least one.
 */
function userInfoQuery(db: Db, userId: number) {
  const { password, identities } = signInMethodJoins;
  if (!password || !identities) throw new Error('the profile read before auth and oauth handed in their joins');
  return identities(password(usersProfile(db, userId)));
}

export type UserInfoRow = InferResult<ReturnType<typeof userInfoQuery>>[number];

/** Every profile read runs it: compiled once (db/hot-query.ts). No row → no such user. */
export const findUserInfo = hotQuery(userInfoQuery);

export type ProfileChanges = Partial<
  Pick<UsersTable, 'nick_name' | 'profile' | 'birthday' | 'sex' | 'country' | 'language'>
>;

export function updateProfile(db: Db, userId: number, changes: ProfileChanges, now: number) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}

/** An account named by an operator: its id, or its e-mail address (stored lower-case). */
export type UserRef = { id: number } | { email: string };

/** An account named by any of its contacts: its id, e-mail address or phone. */
export type UserContact = UserRef | { mobile: string };

/** An open (not closed) account, by id, e-mail or phone. */
export function findOpenUser(db: Db, user: UserContact) {
  const query = db
    .selectFrom('users')
    .select(['id', 'email', 'mobile', 'nick_name', 'language'])
    .where('closed_at', 'is', null);
  if ('id' in user) return query.where('id', '=', user.id).executeTakeFirst();
  if ('email' in user) return query.where('email', '=', user.email).executeTakeFirst();
  return query.where('mobile', '=', user.mobile).executeTakeFirst();
}

/** Whether an account of that id was ever opened (closed ones included). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Of the ids given, those naming an account (closed ones included). */
export async function existingUserIds(db: Db, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).execute();
  return rows.map((row) => row.id);
}

/** An open account, by id only. */
export function findOpenUserById(db: Db, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).where('closed_at', 'is', null).executeTakeFirst();
}

/** What other modules decide by: the account's region, chosen language, opening and closing times. */
export function findAccountSettings(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['region', 'language', 'created_at', 'closed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type AccountSettings = NonNullable<Awaited<ReturnType<typeof findAccountSettings>>>;

/** How each account named is shown beside others (a member list): its contacts, nickname and avatar. */
export function findProfiles(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'mobile', 'nick_name', 'avatar_url'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
}

/** Ids of the accounts whose e-mail or nickname contains `pattern` (a LIKE pattern, lower-case). */
export function userIdsMatching(db: Db, pattern: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(nick_name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
}

/** A phone link's account: how it is greeted and which addresses it holds, and whether it closed. */
export function findContactDetails(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['nick_name', 'email', 'mobile', 'second_mobile', 'closed_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type SignInAddressColumn = 'email' | 'mobile';

/** The account a sign-in address (e-mail or phone) belongs to, open or closed. */
export function findUserIdByAddress(db: Db, column: SignInAddressColumn, value: string) {
  return db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
}

export function findUserIdByEmail(db: Db, email: string) {
  return findUserIdByAddress(db, 'email', email);
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export function insertUser(db: Db, values: Omit<UsersTable, 'id' | 'closed_at'>) {
  return db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
}

/**
 * Locks an open account's row for the rest of the transaction and returns its sign-in
 * addresses and avatar; a changed sign-in method starts here.
 */
export function lockOpenUserAddresses(db: Db, userId: number, now: number) {
  return db
    .updateTable('users')
    .set({ updated_at: now })
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning(['id', 'email', 'mobile', 'second_mobile', 'avatar_url'])
    .executeTakeFirst();
}

export function setSignInAddress(
  db: Db,
  userId: number,
  column: 'email' | 'mobile' | 'second_mobile',
  value: string | null,
  now: number,
) {
  return db
    .updateTable('users')
    .set({ [column]: value, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Locks an account's row, open or closed, without changing it; its closing time (null while open). */
export function lockAnyUser(db: Db, userId: number) {
  return db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .returning('closed_at')
    .executeTakeFirstOrThrow();
}

/** Sets the avatar of an account whose row the transaction holds; the previous one's address. */
export async function replaceAvatar(trx: Db, userId: number, url: string): Promise<string | null> {
  const row = await trx.selectFrom('users').select('avatar_url').where('id', '=', userId).executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ avatar_url: url }).where('id', '=', userId).execute();
  return row.avatar_url;
}

/**
 * Locks an open account's row for the rest of the transaction (a no-op update takes the row
 * lock on PostgreSQL and the write lock on SQLite) without changing it. Closing an account
 * locks the same row, so a membership (company, team) is either added before the account
 * closes — and removed by the closing — or refused after it. No row back → no such open account.
 */
export function lockOpenUser(db: Db, userId: number) {
  return db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Finds the open account `user` names and locks its row; its id, or null when there is none. */
export async function lockOpenUserByRef(db: Db, user: UserRef): Promise<number | null> {
  const found = await findOpenUser(db, user);
  return found && (await lockOpenUser(db, found.id)) ? found.id : null;
}
