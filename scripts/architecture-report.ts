/**
 * Measures how far the server (apps/server/src) is from the rules of docs/architecture.md, for
 * its section "Where the code does not yet follow the rules":
 * - imports that run back up the layers (lib/ and db/ → plugins/ → modules/ → the entry points:
 *   config.ts, app.ts, server.ts and the operator CLI in cli/);
 * - import circles (type-only imports included: they tie the files together for the reader and
 *   the compiler even where they vanish at run time);
 * - imports into another module's files past its index.ts, the module's door;
 * - queries on a table another module's manifest declares (Kysely's query builders and `sql`
 *   templates naming the table).
 * Test files are left out: a test may reach into any module it exercises. Migrations are left
 * out of the table check: they build every table's history.
 *
 *   npx tsx scripts/architecture-report.ts [--details] [--json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface TableQuery {
  file: string;
  line: number;
  table: string;
  /** The module whose manifest declares the table. */
  owner: string;
  /** The module the querying file belongs to; null outside modules/ (cli/, plugins/, lib/, …). */
  module: string | null;
}

export interface ArchitectureReport {
  files: number;
  upward: (ImportEdge & { fromLayer: string; toLayer: string })[];
  circles: string[][];
  pastTheDoor: (ImportEdge & { fromModule: string; toModule: string })[];
  foreignQueries: TableQuery[];
}

/** The server's layers, bottom first; a file may import its own layer and those below it. */
const LAYERS: { name: string; holds: (file: string) => boolean }[] = [
  { name: 'lib, db', holds: (file) => /^(lib|db)\//.test(file) },
  { name: 'plugins', holds: (file) => file.startsWith('plugins/') },
  { name: 'modules', holds: (file) => file.startsWith('modules/') },
  // types.ts is left out: it only declares what the app instance carries, for every layer.
  {
    name: 'root, cli',
    holds: (file) => file.startsWith('cli/') || ['config.ts', 'app.ts', 'server.ts'].includes(file),
  },
];
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.holds(file));

/** Kysely builder methods whose first argument names a table (or `table as alias`). */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
const SQL_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

const isTestFile = (file: string) => /(^|[.-])test([.-]|$)/.test(path.basename(file)) || file.endsWith('.d.ts');

function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !isTestFile(file))
    .sort();
}

function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

const resolution = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };

/** Relative imports of a file, resolved to files under root (static, re-exports and `import()`). */
function importsOf(root: string, file: string, source: ts.SourceFile): ImportEdge[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const everyNameTypeOnly =
        !!clause &&
        !clause.name &&
        !!bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: !!clause?.isTypeOnly || everyNameTypeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const containing = path.join(root, file);
  return found
    .filter(({ specifier }) => specifier.startsWith('.'))
    .flatMap(({ specifier, typeOnly }) => {
      const resolved = ts.resolveModuleName(specifier, containing, resolution, ts.sys).resolvedModule;
      if (!resolved) return [];
      const to = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      return to.startsWith('..') ? [] : [{ from: file, to, typeOnly }];
    });
}

/** Strongly connected groups of more than one file (Tarjan), each in a stable order. */
function circlesOf(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The module each folder under modules/ belongs to: a folder with an index.ts is a module; a
 * folder without one belongs to the module whose index.ts imports from it (orders/ mounts
 * receipts/ and subscriptions/). Files directly in modules/ (the registry, the manifest type)
 * belong to none.
 */
function moduleFolders(files: string[], edges: ImportEdge[]): Map<string, string> {
  const folderOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
  const modules = new Set(files.filter((file) => /^modules\/[^/]+\/index\.ts$/.test(file)).map((f) => folderOf(f)!));
  const owner = new Map<string, string>([...modules].map((name) => [name, name]));
  for (const folder of new Set(files.map(folderOf))) {
    if (!folder || owner.has(folder)) continue;
    const mounting = new Set(
      edges
        .filter((edge) => folderOf(edge.to) === folder && /^modules\/[^/]+\/index\.ts$/.test(edge.from))
        .map((edge) => folderOf(edge.from)!),
    );
    owner.set(folder, mounting.size === 1 ? [...mounting][0]! : folder);
  }
  return owner;
}

/** Each table a module's manifest declares (`tables: { name: policy }` in its index.ts). */
function tableOwners(root: string, files: string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => /^modules\/[^/]+\/index\.ts$/.test(f))) {
    const module = file.split('/')[1]!;
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === 'tables' &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties) {
          const name = property.name;
          if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) owners.set(name.text, module);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(root, file));
  }
  return owners;
}

/**
 * The tables a file's queries name, with their lines: the first argument of a Kysely builder
 * method (`selectFrom('users as u')`, `innerJoin(…)`, a list of tables), a `sql.table('…')`, and
 * the table after FROM, JOIN, UPDATE or INTO in a `sql` template. Only names in `known` count,
 * so a column or a word that happens to follow FROM in a text is not a query.
 */
function tablesQueried(source: ts.SourceFile, known: ReadonlySet<string>): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0]) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      const namesTables =
        TABLE_METHODS.has(method) || (method === 'table' && node.expression.expression.getText() === 'sql');
      const names = namesTables ? (ts.isArrayLiteralExpression(first) ? [...first.elements] : [first]) : [];
      for (const name of names) {
        if (!ts.isStringLiteralLike(name)) continue;
        const table = name.text.split(/\s+as\s+/)[0]!.trim();
        if (known.has(table)) found.push({ table, line: lineOf(node) });
      }
    } else if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
      for (const match of text.matchAll(SQL_TABLE)) {
        if (known.has(match[1]!)) found.push({ table: match[1]!, line: lineOf(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The tables among `known` that the queries of a TypeScript text name, with their lines. */
export function tablesQueriedIn(text: string, known: Iterable<string>): { table: string; line: number }[] {
  return tablesQueried(ts.createSourceFile('queries.ts', text, ts.ScriptTarget.Latest, true), new Set(known));
}

export function measureArchitecture(root: string): ArchitectureReport {
  const files = sourceFiles(root);
  const sources = new Map(files.map((file) => [file, parse(root, file)]));
  const edges = files.flatMap((file) => importsOf(root, file, sources.get(file)!));
  const folders = moduleFolders(files, edges);
  const moduleOf = (file: string) => {
    const folder = /^modules\/([^/]+)\//.exec(file)?.[1];
    return folder ? (folders.get(folder) ?? folder) : null;
  };

  const upward = edges
    .filter((edge) => {
      const from = layerOf(edge.from);
      const to = layerOf(edge.to);
      return from >= 0 && to >= 0 && from < to;
    })
    .map((edge) => ({ ...edge, fromLayer: LAYERS[layerOf(edge.from)]!.name, toLayer: LAYERS[layerOf(edge.to)]!.name }));

  const pastTheDoor = edges.flatMap((edge) => {
    const fromModule = moduleOf(edge.from);
    const toModule = moduleOf(edge.to);
    if (!fromModule || !toModule || fromModule === toModule) return [];
    if (edge.to === `modules/${toModule}/index.ts`) return [];
    return [{ ...edge, fromModule, toModule }];
  });

  const owners = tableOwners(root, files);
  const foreignQueries = files
    .filter((file) => !file.startsWith('db/migrations/'))
    .flatMap((file) =>
      tablesQueried(sources.get(file)!, new Set(owners.keys())).map(({ table, line }) => ({
        file,
        line,
        table,
        owner: owners.get(table)!,
        module: moduleOf(file),
      })),
    )
    .filter((query) => query.module !== query.owner);

  return { files: files.length, upward, circles: circlesOf(files, edges), pastTheDoor, foreignQueries };
}

/** "a → b: n" lines, most first. */
function tally(keys: string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]) => `    ${key}: ${count}`);
}

export function formatReport(report: ArchitectureReport, details: boolean): string {
  const typeOnly = (edges: ImportEdge[]) => edges.filter((edge) => edge.typeOnly).length;
  const pairs = new Set(report.pastTheDoor.map((edge) => `${edge.fromModule} → ${edge.toModule}`));
  const fromOutside = report.foreignQueries.filter((query) => query.module === null);
  const lines = [
    `apps/server/src: ${report.files} files (tests left out)`,
    `imports that run back up a layer: ${report.upward.length} (${typeOnly(report.upward)} type-only)`,
    ...tally(report.upward.map((edge) => `${edge.fromLayer} → ${edge.toLayer}`)),
    `import circles: ${report.circles.length}`,
    ...report.circles.map((circle) => `    ${circle.length} files: ${circle.join(', ')}`),
    `imports past another module's index.ts: ${report.pastTheDoor.length} (${typeOnly(report.pastTheDoor)} type-only), between ${pairs.size} pairs of modules`,
    ...(details ? tally(report.pastTheDoor.map((edge) => `${edge.fromModule} → ${edge.toModule}`)) : []),
    `queries on another module's tables: ${report.foreignQueries.length} (${fromOutside.length} from outside modules/)`,
    ...tally(
      report.foreignQueries.map((query) => `${query.module ?? path.dirname(query.file)} → ${query.owner}`),
    ).slice(0, details ? undefined : 10),
  ];
  if (details) {
    lines.push('each import back up:', ...report.upward.map((edge) => `    ${edge.from} → ${edge.to}`));
    lines.push(
      "each query on another module's table:",
      ...report.foreignQueries.map((query) => `    ${query.file}:${query.line} ${query.table} (${query.owner})`),
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
  const report = measureArchitecture(root);
  console.log(
    process.argv.includes('--json')
      ? JSON.stringify(report, null, 2)
      : formatReport(report, process.argv.includes('--details')),
  );
}
