import type { IdentityProvider } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import type { ProfileJoin } from '../user/index.js';
import type { IdentitiesTable, OAuthFlowsTable } from './oauth.tables.js';

// ---- identities ------------------------------------------------------------------------

/** The profile's part of the linked sign-ins (modules/user `profileShowsIdentitiesWith`): a row each. */
export const joinLinkedIdentities: ProfileJoin<{ identity_provider: string | null }> = (query) =>
  query.leftJoin('identities', 'identities.user_id', 'users.id').select('identities.provider as identity_provider');

export async function identityProvidersOf(db: Db, userId: number): Promise<IdentitiesTable['provider'][]> {
  const rows = await db.selectFrom('identities').select('provider').where('user_id', '=', userId).execute();
  return rows.map((row) => row.provider);
}

export function deleteIdentity(db: Db, userId: number, provider: IdentitiesTable['provider']) {
  return db
    .deleteFrom('identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .returning('subject')
    .executeTakeFirst();
}

/** The subject of the provider bound to the account, if one is. */
export function findIdentityOfUser(db: Db, userId: number | null, provider: IdentityProvider) {
  return db
    .selectFrom('identities')
    .select('subject')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** The account a provider's subject is bound to, if any. */
export function findIdentityBySubject(db: Db, provider: IdentityProvider, subject: string) {
  return db
    .selectFrom('identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The third-party sign-ins bound to an account, oldest first. */
export function listIdentities(db: Db, userId: number) {
  return db
    .selectFrom('identities')
    .select(['provider', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('provider')
    .execute();
}

/** Binds the subject unless the subject or the account's binding of that provider exists; whether it did. */
export async function insertIdentity(
  db: Db,
  identity: { provider: IdentityProvider; subject: string; userId: number },
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('identities')
    .values({ provider: identity.provider, subject: identity.subject, user_id: identity.userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('subject')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The bindings of a provider that hold the subject or belong to the account. */
export function findConflictingIdentities(db: Db, provider: IdentityProvider, subject: string, userId: number) {
  return db
    .selectFrom('identities')
    .select(['user_id', 'subject'])
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('subject', '=', subject), eb('user_id', '=', userId)]))
    .execute();
}

// ---- flows -----------------------------------------------------------------------------

export type OAuthFlowRow = OAuthFlowsTable;

/** Drops the flows that expired, then stores a new one. */
export async function insertFlow(db: Db, flow: OAuthFlowRow, now: number): Promise<void> {
  await db.deleteFrom('oauth_flows').where('expires_at', '<=', now).execute();
  await insertUsedFlow(db, flow);
}

/** Stores a flow as it is given (a used ID token: its primary key refuses a second use). */
export async function insertUsedFlow(db: Db, flow: OAuthFlowRow): Promise<void> {
  await db.insertInto('oauth_flows').values(flow).execute();
}

/** Uses a flow up, once and only from the browser that started it; no row back → unknown, used or expired. */
export function claimFlow(
  db: Db,
  flow: { provider: IdentityProvider; stateHash: string; browserHash: string },
  now: number,
) {
  return db
    .updateTable('oauth_flows')
    .set({ used_at: now })
    .where('state_hash', '=', flow.stateHash)
    .where('provider', '=', flow.provider)
    .where('browser_hash', '=', flow.browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['purpose', 'user_id', 'code_verifier', 'nonce'])
    .executeTakeFirst();
}

/** Moves a handed-off flow to the browser that continues it; no row back → unknown, used or expired. */
export function claimHandoff(
  db: Db,
  handoff: { provider: IdentityProvider; handoffHash: string; awaitingBrowser: string },
  next: { stateHash: string; browserHash: string; expiresAt: number },
  now: number,
) {
  return db
    .updateTable('oauth_flows')
    .set({ state_hash: next.stateHash, browser_hash: next.browserHash, expires_at: next.expiresAt })
    .where('state_hash', '=', handoff.handoffHash)
    .where('provider', '=', handoff.provider)
    .where('browser_hash', '=', handoff.awaitingBrowser)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_verifier', 'nonce'])
    .executeTakeFirst();
}
