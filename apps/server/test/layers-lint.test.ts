import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLayers } from '../../../tools/server-layers.js';

/**
 * The server's layer rules (docs/architecture.md#server-layers, #module-doors) run by ESLint, with the
 * blocks eslint.config.js applies to the repository, over a small tree of files that each break one
 * rule, or none. A rule that stopped catching a shape of import would let the layers drift unseen.
 */

/** The fixture tree: paths under apps/server/src, and their text. */
const fixtures: Record<string, string> = {
  // Two modules with doors, inner files and an inner folder.
  'modules/a/index.ts': "export { inner } from './inner.js';\n",
  'modules/a/inner.ts': 'export const inner = 1;\nexport type Inner = number;\n',
  'modules/a/deeper/index.ts': 'export const deeper = 2;\n',
  'modules/b/index.ts': "export const b = 'b';\n",

  // Every shape of import past module a's door, from module b.
  'modules/b/esm-path.ts': "import { inner } from '../a/inner.js';\nexport const x = inner;\n",
  'modules/b/ts-path.ts': "import { inner } from '../../modules/a/inner.ts';\nexport const x = inner;\n",
  'modules/b/no-extension.ts': "import { inner } from './../a/inner';\nexport const x = inner;\n",
  'modules/b/inner-folder.ts': "import { deeper } from '../a/deeper';\nexport const x = deeper;\n",
  'modules/b/type-only.ts': "import type { Inner } from '../a/inner.js';\nexport const x: Inner = 1;\n",
  'modules/b/dynamic.ts': "export const x = () => import('../a/inner.js');\n",
  'modules/b/re-export.ts': "export { inner } from '../a/inner.js';\n",
  'modules/b/re-export-all.ts': "export * from '../a/inner.js';\n",
  'modules/b/deep/nested.ts': "import { inner } from '../../a/inner.js';\nexport const x = inner;\n",
  'modules/b/missing-file.ts': "import { gone } from '../a/gone.js';\nexport const x = gone;\n",

  // Listed as still allowed past a door: one still is, one no longer needs the entry.
  'modules/b/listed.ts': "import { inner } from '../a/inner.js';\nexport const x = inner;\n",
  'modules/b/listed-but-clean.ts': "import { inner } from '../a/index.js';\nexport const x = inner;\n",

  // Imports back up the layers: lib/, db/, plugins/ and config.ts importing a module, even through
  // its door; a lower layer importing a higher one; a module importing an entry point.
  'lib/uses-a-module.ts': "import { inner } from '../modules/a/index.js';\nexport const x = inner;\n",
  'db/uses-a-module.ts': "import type { Inner } from '../modules/a/inner.js';\nexport const x: Inner = 1;\n",
  'plugins/uses-a-module.ts': "export const x = () => import('../modules/a/index.js');\n",
  'config.ts': "export { inner } from './modules/a/index.js';\nexport type { Setting } from './lib/setting.js';\n",
  'lib/uses-a-plugin.ts': "import { plugin } from '../plugins/plugin.js';\nexport const x = plugin;\n",
  'plugins/plugin.ts': "import { plain } from '../lib/plain.js';\nexport const plugin = plain;\n",
  'modules/a/reads-the-config.ts': "import type { Setting } from '../../config.js';\nexport const x: Setting = 1;\n",
  'modules/a/uses-the-cli.ts': "import { cli } from '../../cli/cli.js';\nexport const x = cli;\n",
  'cli/cli.ts': "import { inner } from '../modules/a/inner.js';\nexport const cli = inner;\n",
  'lib/setting.ts': 'export type Setting = number;\n',

  // A circle, and one held by a type-only import.
  'lib/circle-one.ts': "import { two } from './circle-two.js';\nexport const one = () => two;\n",
  'lib/circle-two.ts': "import { one } from './circle-one.js';\nexport const two = () => one;\n",
  'lib/typed-one.ts': "import type { Two } from './typed-two.js';\nexport type One = { two?: Two };\n",
  'lib/typed-two.ts': "import type { One } from './typed-one.js';\nexport type Two = { one?: One };\n",

  // A test reaches into whatever it exercises.
  'modules/b/b.test.ts': "import { inner } from '../a/inner.js';\nexport const x = inner;\n",

  // Clean: doors in every shape, the module's own files, lib/, packages.
  'lib/plain.ts': "import path from 'node:path';\nexport const plain = path.sep;\n",
  'modules/b/clean.ts': [
    "import { inner } from '../a/index.js';",
    "import { b } from './index.js';",
    "import { plain } from '../../lib/plain.js';",
    "import type { Inner } from '../a';",
    "export { inner as again } from '../../modules/a/index.ts';",
    "export const x = (i: Inner) => [inner, b, plain, i, import('./../a')];",
    '',
  ].join('\n'),
};

const allowedPastADoor = ['./apps/server/src/modules/b/listed.ts', './apps/server/src/modules/b/listed-but-clean.ts'];

let root: string;
const results = new Map<string, { rule: string | null; message: string }[]>();

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'server-layers-'));
  for (const [file, text] of Object.entries(fixtures)) {
    const full = path.join(root, 'apps/server/src', file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...serverLayers({ root, allowedPastADoor }),
    ],
  });
  for (const result of await eslint.lintFiles(['apps/server/src'])) {
    const file = path.relative(path.join(root, 'apps/server/src'), result.filePath).split(path.sep).join('/');
    results.set(
      file,
      result.messages.map((m) => ({ rule: m.ruleId, message: m.message })),
    );
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const rulesOf = (file: string) => (results.get(file) ?? []).map((m) => m.rule);

describe('the server layer rules', () => {
  it('lints every fixture', () => {
    expect([...results.keys()].sort()).toEqual(Object.keys(fixtures).sort());
  });

  it.each([
    'modules/b/esm-path.ts',
    'modules/b/ts-path.ts',
    'modules/b/no-extension.ts',
    'modules/b/inner-folder.ts',
    'modules/b/type-only.ts',
    'modules/b/dynamic.ts',
    'modules/b/re-export.ts',
    'modules/b/re-export-all.ts',
    'modules/b/deep/nested.ts',
    'modules/b/missing-file.ts',
  ])('reports an import past a door: %s', (file) => {
    expect(rulesOf(file)).toEqual(['layers/doors']);
    expect(results.get(file)?.[0]?.message).toMatch(
      /reaches past the door of modules\/a: import it from "\.\.\/(\.\.\/)?a\/index\.js"/,
    );
  });

  it('lets a listed file import past a door, and reports a listed file that no longer does', () => {
    expect(rulesOf('modules/b/listed.ts')).toEqual([]);
    expect(results.get('modules/b/listed-but-clean.ts')).toEqual([
      {
        rule: 'layers/doors',
        message: 'this file no longer imports past a module door: remove it from the allowed list of layers/doors',
      },
    ]);
  });

  it.each([
    'lib/uses-a-module.ts',
    'db/uses-a-module.ts',
    'plugins/uses-a-module.ts',
    'config.ts',
    'lib/uses-a-plugin.ts',
    'modules/a/reads-the-config.ts',
    'modules/a/uses-the-cli.ts',
  ])('reports an import back up the layers: %s', (file) => {
    expect(rulesOf(file)).toEqual(['layers/zones']);
  });

  it('lets the entry points import any layer, and a layer import those below it', () => {
    for (const file of ['cli/cli.ts', 'plugins/plugin.ts', 'lib/setting.ts']) expect(results.get(file)).toEqual([]);
  });

  it('reports both ends of a circle, type-only imports included', () => {
    for (const file of ['lib/circle-one.ts', 'lib/circle-two.ts', 'lib/typed-one.ts', 'lib/typed-two.ts']) {
      expect(rulesOf(file)).toEqual(['layers/no-cycle']);
    }
    expect(results.get('lib/circle-one.ts')?.[0]?.message).toBe('Dependency cycle: circle-two.ts → circle-one.ts');
  });

  it('leaves tests, doors, own files and packages alone', () => {
    for (const file of ['modules/b/b.test.ts', 'modules/b/clean.ts', 'lib/plain.ts', 'modules/a/index.ts']) {
      expect(results.get(file)).toEqual([]);
    }
  });
});
