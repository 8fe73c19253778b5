import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TemplateCreditSpendsTable } from './template-credit.tables.js';

/** Records a template bought with credit; its id. */
export async function insertTemplateSpend(trx: Db, values: Insertable<TemplateCreditSpendsTable>): Promise<number> {
  const row = await trx.insertInto('template_credit_spends').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function spendsOf(db: Db, userId: number) {
  return db.selectFrom('template_credit_spends').where('user_id', '=', userId);
}

/** Templates the account bought, newest first, `count` from `offset`. */
export function listTemplateSpends(db: Db, userId: number, page: { offset: number; count: number }) {
  return spendsOf(db, userId)
    .select(['id', 'created_at', 'work_title', 'work_title_translations', 'price'])
    .orderBy('id', 'desc')
    .limit(page.count)
    .offset(page.offset)
    .execute();
}

export async function countTemplateSpends(db: Db, userId: number): Promise<number> {
  const row = await spendsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
