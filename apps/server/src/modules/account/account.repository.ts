import type { Db } from '../../db/database.js';
import type { IdentitiesTable } from '../../db/schema.js';

/**
 * Locks an open account's row for the rest of the transaction and returns its sign-in
 * addresses. Every change of a sign-in method starts here, so two changes of one account (an
 * e-mail unbind racing a phone unbind) run one after the other and the second sees the first:
 * the only-binding rule cannot be raced (docs/architecture.md#invariants: transactions with row locks).
 */
export function lockOpenUser(db: Db, userId: number, now: number) {
  return db
    .updateTable('users')
    .set({ updated_at: now })
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning(['id', 'email', 'mobile', 'second_mobile', 'avatar_url'])
    .executeTakeFirst();
}

export type LockedUser = NonNullable<Awaited<ReturnType<typeof lockOpenUser>>>;

export function findOpenUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('credentials', (join) =>
      join.onRef('credentials.user_id', '=', 'users.id').on('credentials.kind', '=', 'password'),
    )
    .select(['users.id', 'users.email', 'users.mobile', 'users.second_mobile', 'credentials.secret_hash'])
    .where('users.id', '=', userId)
    .where('users.closed_at', 'is', null)
    .executeTakeFirst();
}

export async function identityProvidersOf(db: Db, userId: number): Promise<IdentitiesTable['provider'][]> {
  const rows = await db.selectFrom('identities').select('provider').where('user_id', '=', userId).execute();
  return rows.map((row) => row.provider);
}

export function setUserColumn(
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

export function deleteIdentity(db: Db, userId: number, provider: IdentitiesTable['provider']) {
  return db
    .deleteFrom('identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .returning('subject')
    .executeTakeFirst();
}
