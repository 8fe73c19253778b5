import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The database as every query sees it. Its own file, below database.ts (which opens it) and
 * hot-query.ts (which database.ts hands the direct reads to), so neither imports the other's.
 */
export type Db = Kysely<Database>;
