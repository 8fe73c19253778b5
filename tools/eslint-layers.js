import fs from 'node:fs';
import path from 'node:path';

/**
 * Lint rules that keep the layers of the web app and of the server apart (docs/architecture.md#web-layers,
 * #server-layers, #module-doors), written here rather than taken from a plugin whose resolver ships native
 * binaries for a few platforms only:
 * - `layers/zones`: files under a `target` folder (or a target file) may not import files under a `from`
 *   folder (or the `from` file), except its `except` sub-folders. Imports are resolved to files first, so
 *   `../order/…` and `../../features/order/…` are the same import.
 * - `layers/doors`: a file of one module (a folder under `modules`) imports another module only through
 *   that module's `index.ts`, its door. Files listed in `allowed` may still import past a door: they
 *   are the debt, and a listed file that no longer does is reported, so the list only shrinks.
 * - `layers/no-cycle`: no file imports, through any chain of imports, a file that imports it
 *   back. Type-only imports are left out (they vanish from the built code) unless `types: true`:
 *   the server counts them, as they tie its files together for the reader and the compiler.
 * Both read relative imports, static and dynamic (`import('./x')`); packages are not followed.
 */

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'];

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names (`./x` → x.ts, x.tsx, x/index.ts, …), or null. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  // An ESM `./x.js` may name `x.ts`.
  if (/\.js$/.test(base)) candidates.push(...EXTENSIONS.map((ext) => base.slice(0, -3) + ext));
  return candidates.find(isFile) ?? null;
}

const STATIC_IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\])\/\/.*$/gm;

/** The relative specifiers a source text imports at run time (type-only imports left out unless `types`). */
export function runtimeImports(text, { types = false } = {}) {
  const code = text.replace(COMMENTS, '$1');
  const found = [];
  for (const match of code.matchAll(STATIC_IMPORT)) if (types || !match[2]) found.push(match[3]);
  for (const match of code.matchAll(DYNAMIC_IMPORT)) found.push(match[1]);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/**
 * Each file's imports, resolved, read once per lint run (and again if the file changed): one
 * graph of runtime imports, one with type-only imports too.
 */
const graphs = { runtime: new Map(), types: new Map() };
function importsOf(file, types) {
  const graph = types ? graphs.types : graphs.runtime;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const known = graph.get(file);
  if (known && stat && known.mtimeMs === stat.mtimeMs) return known.imports;
  const text = stat ? fs.readFileSync(file, 'utf8') : '';
  const imports = runtimeImports(text, { types })
    .map((specifier) => resolveImport(file, specifier))
    .filter((target) => target !== null);
  graph.set(file, { mtimeMs: stat?.mtimeMs ?? 0, imports });
  return imports;
}

/** A chain of imports from `start` back to `file`, or null. */
function pathBack(start, file, types) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const chain = queue.shift();
    for (const next of importsOf(chain.at(-1), types)) {
      if (next === file) return chain;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...chain, next]);
      }
    }
  }
  return null;
}

const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** Calls `check(node, specifier)` for every import of a module with a literal specifier. */
function eachImport(check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value, node);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' &&
    node.specifiers.length > 0 &&
    node.specifiers.every((specifier) => specifier.importKind === 'type'));

/** A rule's meta: each rule here reports a problem and takes one object of options. */
const ruleMeta = (description, properties, required = []) => ({
  type: 'problem',
  docs: { description },
  schema: [{ type: 'object', properties, required, additionalProperties: false }],
});

const zones = {
  meta: ruleMeta(
    'files of one layer never import files of another named layer',
    {
      root: { type: 'string' },
      zones: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            target: { type: 'array', items: { type: 'string' } },
            from: { type: 'string' },
            except: { type: 'array', items: { type: 'string' } },
            message: { type: 'string' },
          },
          required: ['target', 'from', 'message'],
          additionalProperties: false,
        },
      },
    },
    ['root', 'zones'],
  ),
  create(context) {
    const { root, zones: rules } = context.options[0];
    const file = context.filename;
    const applying = rules
      .filter((rule) => rule.target.some((target) => inside(file, path.resolve(root, target))))
      .map((rule) => ({
        ...rule,
        from: path.resolve(root, rule.from),
        except: (rule.except ?? []).map((folder) => path.resolve(root, rule.from, folder)),
      }));
    if (applying.length === 0) return {};
    return eachImport((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target) return;
      for (const rule of applying) {
        if (inside(target, rule.from) && !rule.except.some((folder) => inside(target, folder))) {
          context.report({ node, message: `"${specifier}": ${rule.message}` });
        }
      }
    });
  },
};

const noCycle = {
  meta: ruleMeta('no chain of imports leads back to the importing file', { types: { type: 'boolean' } }),
  create(context) {
    const file = context.filename;
    const types = context.options[0]?.types ?? false;
    return eachImport((node, specifier) => {
      if (!types && isTypeOnly(node)) return;
      const target = resolveImport(file, specifier);
      if (!target || target === file) return;
      const chain = pathBack(target, file, types);
      if (chain) {
        const names = [...chain, file].map((step) => path.relative(path.dirname(file), step) || step);
        context.report({ node, message: `Dependency cycle: ${names.join(' → ')}` });
      }
    });
  },
};

/** The module folder (`modules/<name>`) a file lies in, or null for a file outside every module. */
function moduleFolderOf(file, modules) {
  const relative = path.relative(modules, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  // Files directly in `modules/` (the registry, the manifest's kit) belong to no module.
  return parts.length > 1 ? path.join(modules, parts[0]) : null;
}

/** Whether `target` (a resolved file, or the bare path of a specifier that names no file) is the module's door. */
function isDoor(target, moduleFolder) {
  if (target === moduleFolder) return true;
  return path.dirname(target) === moduleFolder && /^index(\.[jt]sx?)?$/.test(path.basename(target));
}

const doors = {
  meta: ruleMeta(
    "a module imports another module only through that module's index.ts",
    {
      root: { type: 'string' },
      modules: { type: 'string' },
      allowed: { type: 'array', items: { type: 'string' } },
    },
    ['root', 'modules'],
  ),
  create(context) {
    const { root, allowed = [] } = context.options[0];
    const modules = path.resolve(root, context.options[0].modules);
    const file = context.filename;
    const own = moduleFolderOf(file, modules);
    if (!own) return {};
    const isAllowed = allowed.some((listed) => path.resolve(root, listed) === file);
    let pastADoor = false;
    return {
      ...eachImport((node, specifier) => {
        if (!specifier.startsWith('.')) return;
        const target = resolveImport(file, specifier) ?? path.resolve(path.dirname(file), specifier);
        const theirs = moduleFolderOf(target, modules);
        if (!theirs || theirs === own || isDoor(target, theirs)) return;
        pastADoor = true;
        if (isAllowed) return;
        const door = path.relative(path.dirname(file), path.join(theirs, 'index.js'));
        context.report({
          node,
          message: `"${specifier}" reaches past the door of modules/${path.basename(theirs)}: import it from "${door}", exporting it there`,
        });
      }),
      'Program:exit'(program) {
        if (isAllowed && !pastADoor) {
          context.report({
            node: program,
            message: 'this file no longer imports past a module door: remove it from the allowed list of layers/doors',
          });
        }
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { zones, 'no-cycle': noCycle, doors } };
