import type { BalanceKind } from '@account-centre/contract';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { balance } from '../../src/modules/grants/grants.service.js';

/**
 * The ledger's invariant (docs/decisions/022): a person's ledger entries of a kind add up to
 * the remainders of their grants of that kind, no remainder is negative, and the balance they
 * can use at `now` is the remainders of their live grants. Returns that balance.
 */
export async function expectLedgerAgrees(db: Db, userId: number, kind: BalanceKind, now: number): Promise<number> {
  const entries = await db
    .selectFrom('ledger_entries')
    .select('delta')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
  const grants = await db
    .selectFrom('grants')
    .select(['remaining', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
  const ledgerSum = entries.reduce((sum, row) => sum + Number(row.delta), 0);
  const remainders = grants.map((row) => Number(row.remaining));
  expect(remainders.every((left) => left >= 0)).toBe(true);
  expect(ledgerSum).toBe(remainders.reduce((sum, left) => sum + left, 0));
  const live = grants
    .filter((row) => row.revoked_at === null && (row.expires_at === null || row.expires_at > now))
    .reduce((sum, row) => sum + Number(row.remaining), 0);
  const usable = await balance(db, userId, kind, now);
  expect(usable).toBe(live);
  return usable;
}
