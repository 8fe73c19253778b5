import type { CompanyTypeValue } from '@account-centre/contract';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A mind-map company (spec 02 §3 "Enterprise (mind-map)"); times unix seconds. */
export interface CompaniesTable {
  id: Generated<number>;
  company_name: string;
  /** Seats: how many people may belong to it, the creator included. */
  num: number;
  type: CompanyTypeValue;
  /** End of a time-limited company; null for a lifelong one. */
  exp: number | null;
  /** Who created it (the user the operator named as owner). */
  creator: number;
  created_at: number;
  updated_at: number;
}

/** A person's place in a company: 2 creator, 1 admin, 0 member (spec 02 §1). */
export interface CompanyMembersTable {
  company_id: number;
  user_id: number;
  role: 0 | 1 | 2;
  joined_at: number;
}

// A type, not an interface: Kysely's `withTables` needs the implicit index signature.
export type CompanyTables = {
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
};

export type CompanyDb = Kysely<Database & CompanyTables>;

/** The app's database handle, typed with the company tables of migration 703 too. */
export function companyDb(db: Db): CompanyDb {
  return db.withTables<CompanyTables>();
}
