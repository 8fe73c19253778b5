import { type InferResult, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hotQuery } from '../../db/hot-query.js';
import type { UsersTable } from '../../db/schema.js';

/**
 * A user's row with whether a password is set and which third-party sign-ins are linked: the
 * whole of GET /api/user/:userId in one statement — one row per linked identity, at least one.
 */
function userInfoQuery(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('credentials', (join) =>
      join.onRef('credentials.user_id', '=', 'users.id').on('credentials.kind', '=', sql.lit('password')),
    )
    .leftJoin('identities', 'identities.user_id', 'users.id')
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
      'credentials.user_id as password_user_id',
      'identities.provider as identity_provider',
    ])
    .where('users.id', '=', userId);
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

/** An open (not closed) account, by id or e-mail. */
export function findOpenUser(db: Db, user: UserRef) {
  const query = db.selectFrom('users').select(['id', 'email', 'nick_name']).where('closed_at', 'is', null);
  return ('id' in user ? query.where('id', '=', user.id) : query.where('email', '=', user.email)).executeTakeFirst();
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
