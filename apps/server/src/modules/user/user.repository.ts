import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

/** A user's row with whether a password is set: the whole of GET /api/user/:userId. */
export function findUserInfo(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('credentials', (join) =>
      join.onRef('credentials.user_id', '=', 'users.id').on('credentials.kind', '=', 'password'),
    )
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
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type UserInfoRow = NonNullable<Awaited<ReturnType<typeof findUserInfo>>>;

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
