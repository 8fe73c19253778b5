import { type Kysely, sql } from 'kysely';
import { TIME, time } from './helpers.js';

// The academy's courses (issue 15, spec 01 §3 "Course recommended"): what each is, how it is
// offered and where it is watched. Who holds one is a `course` grant of its id (decision 022).
// Never edit once landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('product', 'varchar(4)', (c) => c.notNull())
    // 1 free, 2 limited-time free, 3 free for members, 4 paid.
    .addColumn('sale_way', 'integer', (c) => c.notNull())
    // Fen; 0 for a free course.
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('link_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('cover_url', 'varchar(500)')
    .addColumn('created_at', TIME, time)
    .addColumn('updated_at', TIME, time)
    .addCheckConstraint('courses_product', sql`product in ('max', 'mind')`)
    .addCheckConstraint('courses_sale_way', sql`sale_way in (1, 2, 3, 4)`)
    .addCheckConstraint('courses_price', sql`price >= 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('courses').ifExists().execute();
}
