/**
 * The web build's view of the contract's modules: each `defineRoute({...})` becomes the bare
 * `{ method, path }` the API client reads, so a route's TypeBox schemas (request, reply,
 * summary, tags — what the server validates and serialises with) stay out of the browser's
 * bundle. Types are untouched: the client is still typed from the full route definitions.
 *
 * Without a route referring to them, schema constants are dead code; the calls that build
 * them at module load (`const UserInfo = Type.Object(…)`) are marked pure so the bundler may
 * drop them. That holds because the contract is declarations and pure rules (docs/architecture.md#parts):
 * only the initialisers of top-level constants are marked, never a statement run for its
 * effect, nor a call inside a function body. An initialiser that spreads (`[...plans.map(…)]`)
 * is built by a pure function instead, since reading what is spread counts as an effect.
 *
 * docs/bundle-budget.md has the figures; scripts/route-endpoints.test.ts checks that the
 * rewritten modules export the same constants and the same method and path for every route.
 */
import { parseSync, type Plugin } from 'vite';

/** The contract's source modules (its tests are never part of the app). */
export const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/].+(?<!\.test)\.ts$/;

const PURE = '/* @__PURE__ */ ';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

function isDefineRouteCall(node: Node): boolean {
  const callee = node.callee as Node;
  return node.type === 'CallExpression' && callee.type === 'Identifier' && callee.name === 'defineRoute';
}

/** `{ method, path }` of a `defineRoute` call, in the module's own source text. */
function endpointOf(call: Node, code: string, id: string): string {
  const [spec] = call.arguments as Node[];
  const wanted = ['method', 'path'] as const;
  const found = new Map<string, string>();
  if (spec?.type === 'ObjectExpression') {
    for (const property of spec.properties as Node[]) {
      const key = property.key as Node | undefined;
      const name = key?.type === 'Identifier' ? (key.name as string) : undefined;
      if (property.type !== 'Property' || property.computed || !name) continue;
      const value = property.value as Node;
      found.set(name, code.slice(value.start, value.end));
    }
  }
  const missing = wanted.filter((name) => !found.has(name));
  if (missing.length > 0) {
    // A spread or a computed spec cannot be read here; the build must not guess.
    throw new Error(`${id}: a defineRoute call at ${call.start} has no literal ${missing.join(' and ')}`);
  }
  return `{ method: ${found.get('method')}, path: ${found.get('path')} }`;
}

/**
 * The edits for one node: route definitions become endpoints wherever they are (their insides
 * are gone, so nothing within them is visited); other calls are marked pure when `pure` says
 * the node initialises a top-level constant, and not inside a function body.
 */
function collect(node: Node, code: string, id: string, edits: Edit[], pure: boolean, inCall = false): void {
  if (isDefineRouteCall(node)) {
    edits.push({ start: node.start, end: node.end, text: endpointOf(node, code, id) });
    return;
  }
  const stillPure = pure && !FUNCTION_TYPES.has(node.type);
  if (stillPure && inCall && node.type === 'SpreadElement') {
    // Within a schema's builder, reading what is spread (an iterator, another schema's
    // properties) counts as an effect, so the bundler keeps the schema — and TypeBox with it —
    // in every file that imports the module: twice a first route went over budget that way. A
    // function builds it instead. (A plain list spread outside any call costs nothing.)
    throw new Error(
      `${id}: a spread at ${node.start} initialises a top-level constant; build the value in a function (see literals() in the route modules)`,
    );
  }
  if (stillPure && (node.type === 'CallExpression' || node.type === 'NewExpression')) {
    edits.push({ start: node.start, end: node.start, text: PURE });
  }
  // What a call is given is inside the call; what is called (`[...a].map`) is not.
  const isCall = node.type === 'CallExpression' || node.type === 'NewExpression';
  const argumentsOf = isCall ? new Set(node.arguments as Node[]) : new Set<Node>();
  for (const child of children(node)) collect(child, code, id, edits, stillPure, inCall || argumentsOf.has(child));
}

/** Whether a value spreads something as it is built (not in a function it defines, nor in a route, which goes). */
function spreads(node: Node): boolean {
  if (FUNCTION_TYPES.has(node.type) || isDefineRouteCall(node)) return false;
  return node.type === 'SpreadElement' || children(node).some(spreads);
}

/** `const a = …` or `export const a = …` at the top of a module. */
function topLevelConstant(statement: Node): Node | null {
  const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
  return declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' ? declaration : null;
}

/** A contract module as the web build sees it (see the top of this file). */
export function toEndpointModule(code: string, id: string): string {
  const parsed = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${id}: ${parsed.errors[0]?.message ?? 'cannot be parsed'}`);
  const edits: Edit[] = [];
  for (const statement of (parsed.program as unknown as Node).body as Node[]) {
    const constant = topLevelConstant(statement);
    collect(constant ?? statement, code, id, edits, constant !== null);
    // A spread in a plain list is an effect as far as the bundler knows (it runs an iterator), so
    // an unused `[...plans.map(…)]` would stay in every bundle that imports the module. Built by
    // a pure function, the constant goes with its last use. Pushed after the marks inside it, the
    // function's opening lands outside any mark at the same place.
    for (const declarator of (constant?.declarations as Node[] | undefined) ?? []) {
      const init = declarator.init as Node | null;
      if (!init || !spreads(init)) continue;
      edits.push({ start: init.start, end: init.start, text: `${PURE}(() => (` });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  let out = code;
  // From the end, so earlier offsets stay valid.
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * TypeBox, which the contract imports, declares no `sideEffects` in its package.json, so the
 * bundler keeps the load-time statements of every TypeBox module the contract reaches (and the
 * builders they export) even when no schema is left to build. TypeBox only defines functions
 * and tables; saying so lets the unused ones go.
 */
const TYPEBOX_MODULE = /[\\/]node_modules[\\/]typebox[\\/]/;

/** The Vite plugin: runs before TypeScript is stripped, on the contract's modules and TypeBox. */
export function routeEndpoints(): Plugin {
  return {
    name: 'account-centre:route-endpoints',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: [CONTRACT_MODULE, TYPEBOX_MODULE] },
      handler(code, id) {
        if (TYPEBOX_MODULE.test(id)) return { code, map: null, moduleSideEffects: false };
        return { code: toEndpointModule(code, id), map: null };
      },
    },
  };
}
