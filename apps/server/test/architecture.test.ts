import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { measureArchitecture } from '../../../scripts/architecture-report.js';

/**
 * The house plan lives in the repository (docs/architecture.md), so a newcomer who clones it can
 * read what the code and the decision records point at. These checks keep it so: no file points
 * at the design document that used to sit outside the repository, every pointer into
 * docs/architecture.md names a section it has, and every decision record says when it was taken
 * and whether it still holds (docs/architecture.md#decisions).
 */

const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);
const TEXT = /\.(ts|tsx|js|cjs|mjs|json|md|sh|html|css|txt|yml|yaml)$|^run$/;

function repositoryTexts(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
      const file = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && file !== 'e2e/artifacts') walk(file);
      } else if (TEXT.test(entry.name)) {
        found.push({ file, text: fs.readFileSync(path.join(repoRoot, file), 'utf8') });
      }
    }
  };
  walk('');
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('the repository documents', () => {
  let texts: { file: string; text: string }[];
  beforeAll(() => {
    texts = repositoryTexts();
  });

  it('point at docs/architecture.md, never at the design document outside the repository', () => {
    // Written in two pieces so this file does not name it either.
    const outside = new RegExp('\\b' + 'DESIGN' + '(\\.md\\b|\\s*§|:)');
    const pointing = texts.filter(({ text }) => outside.test(text)).map(({ file }) => file);
    expect(texts.length).toBeGreaterThan(500);
    expect(pointing).toEqual([]);
  });

  it('point only at sections docs/architecture.md has', () => {
    const plan = fs.readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    const anchors = new Set([...plan.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
    const missing = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/architecture\.md#([\w-]+)/g)]
        .filter((match) => !anchors.has(match[1]!))
        .map((match) => `${file}: #${match[1]}`),
    );
    expect(anchors.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('give every decision record its date and status right under its title', () => {
    const folder = path.join(repoRoot, 'docs/decisions');
    const records = fs.readdirSync(folder).filter((file) => /^\d{3}-.+\.md$/.test(file));
    const numbers = new Set(records.map((file) => file.slice(0, 3)));
    expect(records.length).toBeGreaterThan(50);
    const wrong = records.filter((file) => {
      const lines = fs.readFileSync(path.join(folder, file), 'utf8').split('\n');
      const title = lines[0] ?? '';
      const header = lines.slice(1).find((line) => line.trim() !== '') ?? '';
      const match =
        /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by (\d{3})|amends (\d{3}(?:, \d{3})*))$/.exec(
          header,
        );
      if (!title.startsWith(`# ${file.slice(0, 3)} `) || !match) return true;
      const named = (match[3] ?? match[4] ?? '').split(', ').filter(Boolean);
      return named.some((number) => !numbers.has(number) || number === file.slice(0, 3));
    });
    expect(wrong).toEqual([]);
  });
});

describe('the architecture report', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
    write('lib/clock.ts', "import { rows } from '../modules/stock/stock.repository.js';\nexport const c = rows;\n");
    write('config.ts', 'export interface Config { port: number }\n');
    write('app.ts', "import { stock } from './modules/stock/index.js';\nexport const app = stock;\n");
    write(
      'modules/stock/index.ts',
      "import { rows } from './stock.repository.js';\nexport const stock = { name: 'stock', rows, tables: { items: { erase: 'rows' }, 'item_moves': { keep: 'law' } } };\n",
    );
    write(
      'modules/stock/stock.repository.ts',
      "import type { Config } from '../../config.js';\nimport { sell } from '../sales/sales.service.js';\nexport const rows = (db: any, c: Config) => [db.selectFrom('items as i').selectAll(), sell, c];\n",
    );
    write(
      'modules/sales/index.ts',
      "import { sell } from './sales.service.js';\nimport { receipt } from '../receipts/receipt.js';\nexport const sales = { name: 'sales', sell, receipt, tables: { sales: { erase: 'rows' } } };\n",
    );
    write(
      'modules/sales/sales.service.ts',
      [
        "import { rows } from '../stock/stock.repository.js';",
        "import type { stock } from '../stock/index.js';",
        'export const sell = (db: any, s: typeof stock) => [',
        "  db.updateTable('items'), db.selectFrom(['sales', 'item_moves']), rows, s,",
        '];',
        "export const later = () => import('../receipts/receipt.js');",
        '',
      ].join('\n'),
    );
    // No index.ts: sales/index.ts mounts it, so it is part of sales.
    write(
      'modules/receipts/receipt.ts',
      "import { sql } from 'kysely';\nexport const receipt = sql`SELECT * FROM sales JOIN items ON true`;\n",
    );
    write(
      'modules/stock/stock.test.ts',
      "import '../sales/sales.service.js';\nexport const t = (db: any) => db.selectFrom('sales');\n",
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('counts imports back up, circles, imports past a door and queries on tables of others', () => {
    const report = measureArchitecture(root);
    expect(report.files).toBe(8);
    expect(report.upward.map((edge) => [edge.from, edge.to, edge.typeOnly])).toEqual([
      ['lib/clock.ts', 'modules/stock/stock.repository.ts', false],
      ['modules/stock/stock.repository.ts', 'config.ts', true],
    ]);
    // sales.service → stock.repository → sales.service, and back through stock's door (a type import counts).
    expect(report.circles).toEqual([
      ['modules/sales/sales.service.ts', 'modules/stock/index.ts', 'modules/stock/stock.repository.ts'],
    ]);
    // The type import through stock's index.ts goes through its door; sales' own receipts folder is no door.
    expect(report.pastTheDoor.map((edge) => [edge.from, edge.to, edge.fromModule, edge.toModule])).toEqual([
      ['modules/sales/sales.service.ts', 'modules/stock/stock.repository.ts', 'sales', 'stock'],
      ['modules/stock/stock.repository.ts', 'modules/sales/sales.service.ts', 'stock', 'sales'],
    ]);
    expect(report.foreignQueries.map((query) => [query.file, query.table, query.owner, query.module])).toEqual([
      ['modules/receipts/receipt.ts', 'items', 'stock', 'sales'],
      ['modules/sales/sales.service.ts', 'items', 'stock', 'sales'],
      ['modules/sales/sales.service.ts', 'item_moves', 'stock', 'sales'],
    ]);
  });
});
