import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootNoticePlugin } from './scripts/boot-notice';
import { routeEndpoints } from './scripts/route-endpoints';
import { PAGE_NAMESPACES } from './src/lib/i18n/part-namespaces';

const localesDir = path.resolve(import.meta.dirname, 'src/locales');

/**
 * One version for every translation file, from all of their contents: the first route carries
 * the address of every language's files (lib/i18n/resources.ts), and a per-file content hash
 * in each of those hundreds of addresses is random text that gzip cannot shrink, while one
 * repeated version costs next to nothing. Any change to any text gives every file a new name.
 */
function localesVersion(): string {
  const hash = createHash('sha256');
  for (const language of readdirSync(localesDir).sort()) {
    for (const file of readdirSync(path.join(localesDir, language)).sort()) {
      hash.update(`${language}/${file}\0`).update(readFileSync(path.join(localesDir, language, file)));
    }
  }
  return hash.digest('hex').slice(0, 10);
}
const LOCALES_VERSION = localesVersion();

/**
 * Screen chunks are named after their feature (`assets/screen-order-<hash>.js`), so the bundle
 * report and the network panel say which screen a file belongs to; translation files after
 * their language and namespace (`assets/locale-de-shell-<version>.js`, localesVersion below).
 */
function chunkFileName(chunk: { facadeModuleId: string | null; name: string }): string {
  const id = chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
  const feature = /\/src\/features\/([^/]+)\/index\.tsx?$/.exec(id);
  if (feature) return `assets/screen-${feature[1]}-[hash].js`;
  const locale = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (locale) return `assets/locale-${locale[1]}-${locale[2]}-${LOCALES_VERSION}.js`;
  return 'assets/[name]-[hash].js';
}

/**
 * The namespaces, from the English files: the production build makes each file's address from
 * them. The page's own texts (`boot`, written into index.html) are not the app's to load.
 */
const localeNamespaces = readdirSync(path.join(localesDir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .filter((namespace) => !PAGE_NAMESPACES.includes(namespace))
  .sort();

export default defineConfig(({ command }) => ({
  plugins: [react(), routeEndpoints(), bootNoticePlugin(localesDir)],
  // lib/i18n/resources.ts: in the build only; development and tests read the glob's imports.
  define:
    command === 'build'
      ? { __LOCALE_FILES__: JSON.stringify({ version: LOCALES_VERSION, namespaces: localeNamespaces }) }
      : {},
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself (Chromium, which desktop clients
    // embed, since version 66); where one does not, chunks still load, one after the other.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which files each entry and screen loads (scripts/bundle-report.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        // Fewer, larger files compress better and cost fewer requests (docs/bundle-budget.md):
        // - `boot`: everything the entry loads before the first render, with the small pieces
        //   that screens, sign-in and the header all use (a screen's frame, the empty state of
        //   unbuilt sections, the load-failure view, icon buttons, text, groups and links of the
        //   kit, the toast helper, the language and single-flight hooks);
        // - `header-bar`: the header's light bar, which only a browser loads; the menus and
        //   the drawer stay in a chunk of their own (app/header/header-parts.ts). Kit pieces the
        //   screens use too (Avatar, Badge: `kit-display`) stay out of it, or the first screen
        //   would pull the header's chunk into the desktop client, which shows no header.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            {
              name: 'boot',
              test: /[\\/]src[\\/](components[\\/](ScreenLayout|UnbuiltSection|LoadFailed|EmptyNotice)\.tsx|components[\\/]toast\.ts|lib[\\/]i18n[\\/]use-language\.ts|lib[\\/]hooks[\\/]use-single-flight\.ts)$|@mantine[\\/]core[\\/].*[\\/](Title|Stack|ActionIcon|Text|Group|Anchor)[\\/]|@mantine[\\/]hooks[\\/].*[\\/]use-window-event[\\/]/,
            },
            {
              // Kit pieces both the header and screens show: captured before the header's
              // group, which would otherwise take them in as its dependencies.
              name: 'kit-display',
              test: /@mantine[\\/]core[\\/].*[\\/](Avatar|Badge)[\\/]/,
            },
            {
              // The measure that turns a wide table into cards where it does not fit travels with
              // the kit's table: a chunk of its own would add its name to every screen's list of
              // files in the entry, which the first route pays for.
              name: 'Table',
              test: /@mantine[\\/]core[\\/].*[\\/]Table[\\/]|[\\/]src[\\/]lib[\\/]layout[\\/]use-fits-width\.ts$/,
            },
            {
              name: 'header-bar',
              test: /[\\/]src[\\/](app[\\/]header[\\/](Header|HeaderTriggers|header-parts|header-visuals|nav-links|ActivityTag)\.tsx?|app[\\/]header[\\/]api[\\/]|components[\\/]LanguageButton)|@mantine[\\/]core[\\/].*[\\/]Burger[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
