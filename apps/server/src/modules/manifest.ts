import type { ClosingForfeitItem } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { OperatorCommand } from './operator-command.js';
import type { Database } from '../db/db.js';
import type { Db } from '../db/database.js';

/** The account being closed, as the closing transaction sees it (users row locked). */
export interface ClosingAccount {
  userId: number;
  /** Its e-mail, phone and second phone: rows keyed by address rather than by user id. */
  addresses: string[];
  now: number;
}

/**
 * What closing an account does to a table's rows (spec 01 §4: "cancelling deletes all data";
 * docs/architecture.md#closing-an-account). Every table of the database is declared by exactly one module, with one of:
 * - `erase: 'rows'`: its rows with `user_id` = the account are deleted;
 * - `erase: 'custom'`: `run` deletes what is the account's (rows keyed by address, …);
 * - `erase: 'by-database'`: a foreign-key cascade or a trigger removes them as the account's
 *   rows go (`how` says which); the closing test checks none are left;
 * - `anonymise`: the rows stay, with their personal columns cleared by `run` (`keeps` says why);
 * - `keep`: the rows stay as they are, for the reason given (the law, accounting, …);
 * - `personal: false`: the table holds nothing about a person.
 */
export type ClosingPolicy =
  | { erase: 'rows' }
  | { erase: 'custom'; run(trx: Db, account: ClosingAccount): Promise<unknown> }
  | { erase: 'by-database'; how: string }
  | { anonymise(trx: Db, account: ClosingAccount): Promise<unknown>; keeps: string }
  | { keep: string }
  | { personal: false; why: string };

export type TableName = keyof Database;

/** `erase: 'custom'` for a table keyed by address: its rows whose `column` is one of the account's. */
export function eraseByAddress(table: TableName, column: string): ClosingPolicy {
  return {
    erase: 'custom',
    run: async (trx, account) => {
      const keys = account.addresses;
      if (keys.length === 0) return;
      // The table and column are the module's own names, checked against the migrated schema
      // by the manifests test (Kysely cannot type a column chosen at run time).
      await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} IN (${sql.join(keys)})`.execute(trx);
    },
  };
}

/**
 * A server module (`modules/<area>/index.ts`, docs/architecture.md#module-doors): its HTTP routes, its operator
 * commands and the tables it owns, each with what closing an account does to it. The app, the
 * operator CLI and account closing read the one list of modules in `modules/index.ts`.
 */
export interface ModuleManifest {
  name: string;
  /**
   * What it adds to the app itself (decorations, workers), wrapped with fastify-plugin so every
   * module sees them; registered before any module's routes.
   */
  plugins?: readonly ((app: FastifyInstance) => Promise<void>)[];
  /** Fastify plugins of its routes, registered in this order. */
  routes?: readonly ((app: FastifyInstance) => Promise<void>)[];
  commands?: readonly OperatorCommand[];
  tables?: Partial<Record<TableName, ClosingPolicy>>;
  /**
   * What the account still holds in this module that closing it gives up (a balance, points,
   * teams it owns), for the closing confirmation to name: nothing when it holds nothing.
   */
  closingForfeits?: (db: Db, userId: number, now: number) => Promise<ClosingForfeitItem[]>;
}

export const defineModule = <M extends ModuleManifest>(manifest: M): M => manifest;
