import { AccountErrors } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';

interface ExchangeDeps {
  db: Db;
  clock: Clock;
}

function codeOfUser(db: Db, formName: string, userId: number) {
  return db
    .selectFrom('exchange_codes')
    .select('code')
    .where('form_name', '=', formName)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
  const existing = await codeOfUser(deps.db, formName, userId);
  if (existing) return { form_name: formName, code: existing.code };

  for (;;) {
    const candidate = await deps.db
      .selectFrom('exchange_codes')
      .select('id')
      .where('form_name', '=', formName)
      .where('user_id', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) break;
    try {
      const claimed = await deps.db
        .updateTable('exchange_codes')
        .set({ user_id: userId, claimed_at: deps.clock.now() })
        .where('id', '=', candidate.id)
        .where('user_id', 'is', null)
        .returning('code')
        .executeTakeFirst();
      if (claimed) return { form_name: formName, code: claimed.code };
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      break; // the same user's other request claimed one a moment ago
    }
  }
  const mine = await codeOfUser(deps.db, formName, userId);
  if (mine) return { form_name: formName, code: mine.code };
  throw appError(AccountErrors.noExchangeCode);
}

/** Operator: adds codes to a form; codes already present are skipped, not duplicated. */
export async function addExchangeCodes(deps: ExchangeDeps, formName: string, codes: readonly string[]) {
  const now = deps.clock.now();
  const unique = [...new Set(codes)];
  let added = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const code of unique) {
      const result = await trx
        .insertInto('exchange_codes')
        .values({ form_name: formName, code, user_id: null, claimed_at: null, created_at: now })
        .onConflict((oc) => oc.columns(['form_name', 'code']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  });
  const counts = await deps.db
    .selectFrom('exchange_codes')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('user_id').as('claimed')])
    .where('form_name', '=', formName)
    .executeTakeFirstOrThrow();
  return {
    form_name: formName,
    added,
    skipped: unique.length - added,
    total: Number(counts.total),
    unused: Number(counts.total) - Number(counts.claimed),
  };
}
