import { AuthErrors } from '@account-centre/contract';
import { AppError } from '../lib/errors.js';
import { createAccount } from '../modules/auth/accounts.service.js';
import { findUserIdByEmail } from '../modules/auth/auth.repository.js';
import type { AuthDeps } from '../modules/auth/deps.js';

/** What seeding the demo needs of the app. */
export type SeedDeps = Pick<AuthDeps, 'db' | 'clock' | 'config'>;

/** The e-mail's unique index decides: when two starts race, one creates it, the other finds it. */
export async function ensureUser(
  deps: SeedDeps,
  account: { email: string; password: string | null; nickName: string },
): Promise<{ userId: number; created: boolean }> {
  try {
    const created = await createAccount(deps, { ...account, region: 'domestic' });
    return { userId: created.user_id, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.is(AuthErrors.emailUsed))) throw error;
    const existing = await findUserIdByEmail(deps.db, account.email);
    if (!existing) throw error;
    return { userId: existing.id, created: false };
  }
}
