import type { Kysely } from 'kysely';

/**
 * Every table of the database, as Kysely types it. Each module declares its own tables beside its
 * manifest, in `modules/<x>/<x>.tables.ts`, and adds them to this interface there
 * (`declare module '../../db/db.js'`), so the plumbing below the modules names none of them
 * (docs/decisions/064, docs/architecture.md#table-owners).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules' tables files fill it in
export interface Database {}

/**
 * The database as every query sees it. Its own file, below database.ts (which opens it) and
 * hot-query.ts (which database.ts hands the direct reads to), so neither imports the other's.
 */
export type Db = Kysely<Database>;
