import layers from './eslint-layers.js';

/**
 * The server's layer rules (docs/architecture.md#server-layers, #module-doors) as ESLint config blocks
 * for a tree rooted at `root`. eslint.config.js applies them to the repository; the rules' own test applies
 * them to small fixture trees that break each rule.
 * - No file imports in a circle, type-only imports included: they still tie the files together for the
 *   reader and the compiler.
 * - lib/ sits below the modules and imports none of them.
 * - A module imports another module only through its index.ts; `allowedPastADoor` lists the module files
 *   that still do not (paths from `root`).
 * Tests may reach into whatever they exercise, so the layers and doors leave them out.
 */
export function serverLayers({ root, allowedPastADoor = [] }) {
  const src = 'apps/server/src';
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
              {
                target: [`${src}/lib`],
                from: `${src}/modules`,
                message: 'lib/ sits below the modules: move what it needs down to lib/, or pass it in',
              },
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
