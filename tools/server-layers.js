import layers from './eslint-layers.js';

/**
 * The server's layer rules (docs/architecture.md#server-layers, #module-doors) as ESLint config blocks
 * for a tree rooted at `root`. eslint.config.js applies them to the repository; the rules' own test applies
 * them to small fixture trees that break each rule.
 * - No file imports in a circle, type-only imports included: they still tie the files together for the
 *   reader and the compiler.
 * - Imports run down the layers: lib/ and db/, then plugins/, then modules/, then the entry points
 *   (config.ts, load-config.ts, app.ts, server.ts, cli/). config.ts reads the server's own settings
 *   before anything else is loaded, so it imports no module either (docs/decisions/066).
 * - A module imports another module only through its index.ts; `allowedPastADoor` lists the module files
 *   that still do not (paths from `root`).
 * Tests may reach into whatever they exercise, so the layers and doors leave them out.
 */
export function serverLayers({ root, allowedPastADoor = [] }) {
  const src = 'apps/server/src';
  const at = (part) => `${src}/${part}`;
  const entryPoints = ['config.ts', 'load-config.ts', 'app.ts', 'server.ts', 'cli'];
  const below = (lower, above, message) => above.map((from) => ({ target: lower.map(at), from: at(from), message }));
  return [
    {
      files: [`${src}/**/*.ts`],
      plugins: { layers },
      rules: { 'layers/no-cycle': ['error', { types: true }] },
    },
    {
      files: [`${src}/**/*.ts`],
      ignores: [`${src}/**/*.test.ts`],
      plugins: { layers },
      rules: {
        'layers/zones': [
          'error',
          {
            root,
            zones: [
              ...below(
                ['lib', 'db'],
                ['plugins', 'modules', ...entryPoints],
                'lib/ and db/ are the bottom layer: move what they need down to lib/, or pass it in',
              ),
              ...below(
                ['plugins'],
                ['modules', ...entryPoints],
                'plugins/ sit below the modules: move what they need down to lib/, or into the module the plugin serves',
              ),
              ...below(
                ['modules'],
                entryPoints,
                "a module imports no entry point: take what is needed as an argument (the configuration's type is in modules/settings.ts)",
              ),
              ...below(
                ['config.ts'],
                ['modules', ...entryPoints.filter((entry) => entry !== 'config.ts')],
                "config.ts reads the server's own settings only: the modules' are composed in load-config.ts",
              ),
            ],
          },
        ],
      },
    },
    {
      // cli/ and app.ts sit above the modules and may reach into what they wire.
      files: [`${src}/modules/**/*.ts`],
      ignores: [`${src}/**/*.test.ts`],
      plugins: { layers },
      rules: {
        'layers/doors': ['error', { root, modules: `${src}/modules`, allowed: allowedPastADoor }],
      },
    },
  ];
}
