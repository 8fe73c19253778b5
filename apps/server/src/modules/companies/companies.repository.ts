import { CompanyRole, type ClosingForfeitItem } from '@account-centre/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CompaniesTable, CompanyMembersTable } from './companies.tables.js';

/**
 * Locks a company's row for the rest of the transaction, so the members of one company are
 * added one at a time and their count can be trusted until the commit. No row back → no
 * such company.
 */
export function lockCompany(db: Db, companyId: number, now: number) {
  return db
    .updateTable('companies')
    .set({ updated_at: now })
    .where('id', '=', companyId)
    .returning(['id', 'num', 'company_name', 'type', 'exp'])
    .executeTakeFirst();
}

export function insertCompany(db: Db, row: Insertable<CompaniesTable>) {
  return db.insertInto('companies').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateCompany(
  db: Db,
  companyId: number,
  values: Partial<Pick<CompaniesTable, 'company_name' | 'num' | 'type' | 'exp' | 'creator' | 'updated_at'>>,
) {
  return db.updateTable('companies').set(values).where('id', '=', companyId).execute();
}

export function insertMember(db: Db, row: CompanyMembersTable) {
  return db.insertInto('company_members').values(row).execute();
}

export async function countMembers(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll<number | string>().as('used'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row.used);
}

/** Every company the person belongs to, with their role in each. */
export function membershipsOf(db: Db, userId: number) {
  return db.selectFrom('company_members').select(['company_id', 'role']).where('user_id', '=', userId).execute();
}

/** The person's role in one company, when they belong to it. */
export function membershipIn(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom('company_members')
    .select(['company_id', 'role'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function setRole(db: Db, companyId: number, userId: number, role: CompanyMembersTable['role']) {
  return db
    .updateTable('company_members')
    .set({ role })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/** The company a company code created (docs/decisions/038). */
export function companyOfCode(db: Db, codeId: number) {
  return db.selectFrom('companies').select('id').where('code_id', '=', codeId).executeTakeFirst();
}

export function deleteMember(db: Db, companyId: number, userId: number) {
  return db.deleteFrom('company_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

/** A company with its taken seats (`used_num`, the count of its members). */
function companiesWithUse(db: Db) {
  return db.selectFrom('companies').select((eb) => [
    'companies.id',
    'companies.company_name',
    'companies.num',
    'companies.type',
    'companies.exp',
    'companies.creator',
    'companies.code_id',
    'companies.created_at',
    eb
      .selectFrom('company_members as seat')
      .select((inner) => inner.fn.countAll<number | string>().as('used'))
      .whereRef('seat.company_id', '=', 'companies.id')
      .as('used_num'),
  ]);
}

/** The companies a user belongs to, with the user's role in each. */
export function companiesOfUser(db: Db, userId: number) {
  return companiesWithUse(db)
    .innerJoin('company_members as me', 'me.company_id', 'companies.id')
    .select('me.role')
    .where('me.user_id', '=', userId)
    .orderBy('companies.id')
    .execute();
}

export function findCompany(db: Db, companyId: number) {
  return companiesWithUse(db).where('companies.id', '=', companyId).executeTakeFirst();
}

/** Memberships of a company, the creator first, then admins, then by joining (spec 02 §4: owner first). */
export function membershipsInOrder(db: Db, companyId: number) {
  return db
    .selectFrom('company_members')
    .select(['user_id', 'role', 'joined_at'])
    .where('company_id', '=', companyId)
    .orderBy('role', 'desc')
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

/** Companies for the operator, newest first; only those `userId` belongs to when given. */
export function listCompanies(db: Db, userId: number | null, limit: number) {
  let query = companiesWithUse(db);
  if (userId !== null)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_members as mine')
          .select('mine.user_id')
          .whereRef('mine.company_id', '=', 'companies.id')
          .where('mine.user_id', '=', userId),
      ),
    );
  return query.orderBy('companies.id', 'desc').limit(limit).execute();
}

/**
 * What closing the account gives up here (modules/manifest.ts `closingForfeits`): the company
 * spaces it created. A trigger removes its membership; the company stays with its members and
 * admins, without a creator until customer service hands it over (`company:hand-over`).
 */
export async function createdCompanyForfeits(db: Db, userId: number): Promise<ClosingForfeitItem[]> {
  const created = await db
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('role', '=', CompanyRole.creator)
    .executeTakeFirst();
  const count = Number(created?.count ?? 0);
  return count > 0 ? [{ kind: 'companies_created', count }] : [];
}
