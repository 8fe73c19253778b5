import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { measureArchitecture, tablesQueriedIn } from '../../../scripts/architecture-report.js';

/**
 * A table has one owner (docs/architecture.md#table-owners): only the module whose manifest
 * declares a table queries it, and code outside modules/ (lib/, db/, plugins/, cli/, the entry
 * points) queries none. The files are those of apps/server/src other than tests and migrations,
 * read by the detector the architecture report counts with.
 */

const serverSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

describe('table owners', () => {
  it("queries no other module's table", () => {
    const foreign = measureArchitecture(serverSource).foreignQueries.map(
      (query) => `${query.file}:${query.line} ${query.table} (owned by ${query.owner})`,
    );
    expect(foreign, "ask the owner's door instead").toEqual([]);
  });

  it("finds a query on a table by the builder's methods, sql.table and sql templates", () => {
    const text = [
      "import { sql } from 'kysely';",
      "export const own = (db: any) => db.selectFrom('orders').selectAll();",
      "export const joined = (db: any) => db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');",
      "export const listed = (db: any) => db.selectFrom(['orders', 'grants']);",
      "export const named = sql`DELETE FROM ${sql.table('sessions')}`;",
      'export const written = sql`UPDATE "users" SET nick_name = ${"x"} WHERE id IN (SELECT user_id FROM grants)`;',
      "export const words = (db: any) => db.selectFrom('orders').where('product_name', '=', 'users from grants');",
      '',
    ].join('\n');
    const tables = tablesQueriedIn(text, ['orders', 'users', 'grants', 'sessions']);
    expect(tables).toEqual([
      { table: 'orders', line: 2 },
      // The chain's last call is the outermost: the join comes before the table it joins.
      { table: 'users', line: 3 },
      { table: 'orders', line: 3 },
      { table: 'orders', line: 4 },
      { table: 'grants', line: 4 },
      { table: 'sessions', line: 5 },
      { table: 'users', line: 6 },
      { table: 'grants', line: 6 },
      { table: 'orders', line: 7 },
    ]);
  });

  describe('on a small server', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'table-owners-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it("flags a module's query on another module's table, and any query from outside modules/", () => {
      write(
        'modules/stock/index.ts',
        "export const stock = { name: 'stock', tables: { items: { erase: 'rows' } } };\n",
      );
      write(
        'modules/sales/index.ts',
        "export const sales = { name: 'sales', tables: { sales: { erase: 'rows' } } };\n",
      );
      write(
        'modules/sales/sales.repository.ts',
        "export const sold = (db: any) => db.selectFrom('sales').innerJoin('items', 'items.id', 'sales.item_id');\n",
      );
      write('lib/report.ts', "export const count = (db: any) => db.selectFrom('sales').select('id');\n");
      // Tests and migrations may touch any table.
      write('modules/sales/sales.test.ts', "export const t = (db: any) => db.deleteFrom('items');\n");
      write('db/migrations/001-items.ts', "export const up = (db: any) => db.insertInto('items');\n");
      const { foreignQueries } = measureArchitecture(root);
      expect(foreignQueries).toEqual([
        { file: 'lib/report.ts', line: 1, table: 'sales', owner: 'sales', module: null },
        { file: 'modules/sales/sales.repository.ts', line: 1, table: 'items', owner: 'stock', module: 'sales' },
      ]);
    });
  });
});
