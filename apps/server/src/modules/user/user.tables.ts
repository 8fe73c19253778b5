import type { Generated } from 'kysely';

/** Times are unix seconds; ids of users are integers, of sessions random strings. */
export interface UsersTable {
  id: Generated<number>;
  region: 'domestic' | 'overseas';
  email: string | null;
  mobile: string | null;
  second_mobile: string | null;
  nick_name: string;
  avatar_url: string | null;
  profile: string | null;
  birthday: string | null;
  sex: 'male' | 'female' | null;
  country: string | null;
  language: string | null;
  created_at: number;
  updated_at: number;
  /** Set when the account was closed; the row is anonymised then (docs/decisions/007). */
  closed_at: Generated<number | null>;
}

declare module '../../db/db.js' {
  /** The tables the user module owns (docs/architecture.md#table-owners). */
  interface Database {
    users: UsersTable;
  }
}
