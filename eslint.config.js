import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import path from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './tools/eslint-layers.js';
import { serverLayers } from './tools/server-layers.js';

const root = import.meta.dirname;
const web = (folder) => `./apps/web/src/${folder}`;
const features = fs
  .readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may not import whom in the web app (docs/architecture.md#web-layers). */
const webZones = [
  ...features.map((feature) => ({
    target: [web(`features/${feature}`)],
    from: web('features'),
    except: [`./${feature}`],
    message: 'features never import each other: move what two features share to lib/ or components/',
  })),
  {
    target: [web('features'), web('components'), web('lib')],
    from: web('app'),
    message: 'only app/ imports app/: move the shared piece to lib/ or components/',
  },
  {
    target: [web('components'), web('lib')],
    from: web('features'),
    message: 'lib/ and components/ never import a feature',
  },
  { target: [web('lib')], from: web('components'), message: 'lib/ holds no components: it sits below components/' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'e2e/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // In the browser tests a promise left without `await` (a Playwright action, an assertion, an
    // operator command) runs on after the test has moved on, or fails unseen: the type-aware
    // rule finds them.
    files: ['e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app's layers (docs/architecture.md#web-layers): app/ → features/ → components/, lib/. A feature never
    // imports another feature or app/; lib/ and components/ import no feature; nothing imports in
    // a circle. Imports are resolved to files, so relative paths (`../order/…`) are caught too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: {
      'layers/zones': ['error', { root, zones: webZones }],
      'layers/no-cycle': 'error',
    },
  },
  // The server's layers and module doors (docs/architecture.md#server-layers, #module-doors).
  ...serverLayers({ root }),
  {
    // Test support (render the whole app, stub the API) is for tests only.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'layers/zones': [
        'error',
        {
          root,
          zones: [...webZones, { target: [web('.')], from: web('testing'), message: 'src/testing/ is for tests only' }],
        },
      ],
    },
  },
);
