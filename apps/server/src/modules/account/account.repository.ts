import type { Db } from '../../db/database.js';

// ---- exchange codes ---------------------------------------------------------------------

/** The code of a form handed out to the user before, if any. */
export function findExchangeCodeOfUser(db: Db, formName: string, userId: number) {
  return db
    .selectFrom('exchange_codes')
    .select('code')
    .where('form_name', '=', formName)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The oldest code of a form nobody holds yet. */
export function findUnclaimedExchangeCode(db: Db, formName: string) {
  return db
    .selectFrom('exchange_codes')
    .select('id')
    .where('form_name', '=', formName)
    .where('user_id', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Gives the code to the user unless another took it first; no row back → taken. */
export function claimExchangeCode(db: Db, codeId: number, userId: number, now: number) {
  return db
    .updateTable('exchange_codes')
    .set({ user_id: userId, claimed_at: now })
    .where('id', '=', codeId)
    .where('user_id', 'is', null)
    .returning('code')
    .executeTakeFirst();
}

/** Adds a code to a form; one already there is left as it is. Whether it was added. */
export async function insertExchangeCode(db: Db, formName: string, code: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('exchange_codes')
    .values({ form_name: formName, code, user_id: null, claimed_at: null, created_at: now })
    .onConflict((oc) => oc.columns(['form_name', 'code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many codes a form has, and how many of them are held. */
export async function countExchangeCodes(db: Db, formName: string): Promise<{ total: number; claimed: number }> {
  const counts = await db
    .selectFrom('exchange_codes')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('user_id').as('claimed')])
    .where('form_name', '=', formName)
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), claimed: Number(counts.claimed) };
}
