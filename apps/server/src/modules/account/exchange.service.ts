import { AccountErrors } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import * as repo from './account.repository.js';

interface ExchangeDeps {
  db: Db;
  clock: Clock;
}

/**
 * The caller's exchange code of a form (spec 01 §2 `form_name`, §7 getExchangeCode): the code
 * handed out before, else one unused code claimed now.
 *
 * The claim is one conditional UPDATE of the oldest unused code (docs/architecture.md#invariants): a request that
 * loses a code to a concurrent one gets no row back and tries the next; the unique index on
 * (form_name, user_id) refuses a second code for the same user, so two calls of one user
 * racing end with one code, which both answer. No unused code left → 404 `no exchange code`.
 */
export async function exchangeCode(deps: ExchangeDeps, userId: number, formName: string) {
  const existing = await repo.findExchangeCodeOfUser(deps.db, formName, userId);
  if (existing) return { form_name: formName, code: existing.code };

  for (;;) {
    const candidate = await repo.findUnclaimedExchangeCode(deps.db, formName);
    if (!candidate) break;
    try {
      const claimed = await repo.claimExchangeCode(deps.db, candidate.id, userId, deps.clock.now());
      if (claimed) return { form_name: formName, code: claimed.code };
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      break; // the same user's other request claimed one a moment ago
    }
  }
  const mine = await repo.findExchangeCodeOfUser(deps.db, formName, userId);
  if (mine) return { form_name: formName, code: mine.code };
  throw appError(AccountErrors.noExchangeCode);
}

/** Operator: adds codes to a form; codes already present are skipped, not duplicated. */
export async function addExchangeCodes(deps: ExchangeDeps, formName: string, codes: readonly string[]) {
  const now = deps.clock.now();
  const unique = [...new Set(codes)];
  let added = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const code of unique) if (await repo.insertExchangeCode(trx, formName, code, now)) added += 1;
  });
  const counts = await repo.countExchangeCodes(deps.db, formName);
  return {
    form_name: formName,
    added,
    skipped: unique.length - added,
    total: counts.total,
    unused: counts.total - counts.claimed,
  };
}
