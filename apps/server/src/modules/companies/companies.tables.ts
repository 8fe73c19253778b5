import type { CompanyTypeValue } from '@account-centre/contract';
import type { Generated } from 'kysely';

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
  /** The company code that created it, once (docs/decisions/038); null when made otherwise. */
  code_id: number | null;
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

declare module '../../db/db.js' {
  /** The tables the companies module owns (docs/architecture.md#table-owners). */
  interface Database {
    companies: CompaniesTable;
    company_members: CompanyMembersTable;
  }
}
