/**
 * What the built web app makes a browser download, gzipped, from Vite's manifest
 * (dist/.vite/manifest.json; run `npm run build` first):
 * - the first route (`/` → /account) of a signed-in visitor in a browser, in a desktop client
 *   (no header), and of a signed-out visitor (plus sign-in), each in one language;
 * - what loads once the first screen is on show (toasts, the header's menus);
 * - what each other screen adds on top;
 * - the whole app.
 *
 *   npm run bundle-report -w @account-centre/web [-- --lang=en] [-- --max-first-route-kib=150]
 *     [-- --dist=/path/to/build]
 *
 * --dist reads a build made elsewhere (`vite build --outDir …`) instead of apps/web/dist.
 *
 * With --max-first-route-kib it exits with status 1 when the signed-in browser first route
 * loads more JavaScript than that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPartNamespace, PAGE_NAMESPACES } from '../src/lib/i18n/part-namespaces';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distOption = option('dist');
const dist = distOption ? path.resolve(distOption) : path.join(webRoot, 'dist');

const gzipCache = new Map<string, number>();
/** Gzipped size at level 9, as a server or CDN compressing static files would send it. */
function gzipped(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

interface Files {
  js: Set<string>;
  css: Set<string>;
}

/** A chunk and everything it imports statically: what loading it downloads. */
function closure(manifest: Manifest, keys: string[], into: Files = { js: new Set(), css: new Set() }): Files {
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    if (into.js.has(chunk.file)) return;
    into.js.add(chunk.file);
    for (const css of chunk.css ?? []) into.css.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return into;
}

function total(files: Iterable<string>): number {
  let sum = 0;
  for (const file of files) sum += gzipped(file);
  return sum;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function findKey(manifest: Manifest, test: (key: string) => boolean, what: string): string {
  const key = Object.keys(manifest).find(test);
  if (!key) throw new Error(`the manifest has no chunk for ${what}`);
  return key;
}

function main() {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`No ${path.relative(process.cwd(), manifestPath)}: run "npm run build" first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const lang = option('lang') ?? 'zh';

  const entry = findKey(manifest, (key) => manifest[key]?.isEntry === true, 'the entry');
  // The header bar is grouped into a chunk of its own (vite.config.ts), named after the group.
  const header = findKey(
    manifest,
    (key) => key.endsWith('src/app/header/Header.tsx') || manifest[key]?.name === 'header-bar',
    'the header',
  );
  const signIn = findKey(manifest, (key) => key.endsWith('src/features/auth/SignInScreen.tsx'), 'sign-in');
  const toasts = findKey(manifest, (key) => key.endsWith('src/app/shell/Toasts.tsx'), 'the toasts');
  const headerParts = findKey(
    manifest,
    (key) => key.endsWith('src/app/header/interactive-parts.ts'),
    "the header's menus",
  );
  const screenKeys = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    const match = /src\/features\/([^/]+)\/index\.tsx?$/.exec(key);
    if (match?.[1] && match[1] !== 'auth') screenKeys.set(match[1], key);
  }
  // A screen's own namespace (`locales/<lang>/<screen>.json`) loads with the screen
  // (app/screens/load-screen.ts); the others, and the first screen's, at boot.
  const localeKey = (namespace: string) =>
    Object.keys(manifest).find((key) => key.endsWith(`src/locales/${lang}/${namespace}.json`));
  const screenLocaleKeys = new Set(
    [...screenKeys.keys()].flatMap((name) => (name === 'account' ? [] : [localeKey(name) ?? []].flat())),
  );
  // Sign-in's namespace loads at boot only for a signed-out visitor (app/shell/lazy-parts.tsx).
  const authLocale = [localeKey('auth') ?? []].flat();
  // A part's namespace (`accountClose`) loads with its dialog or panel (lib/i18n/lazy-with-texts.ts);
  // the page's own texts are in index.html.
  const localeKeys = Object.keys(manifest).filter((key) => {
    const namespace = new RegExp(`src/locales/${lang}/([^/]+)\\.json$`).exec(key)?.[1];
    return (
      namespace !== undefined &&
      !screenLocaleKeys.has(key) &&
      !authLocale.includes(key) &&
      !PAGE_NAMESPACES.includes(namespace) &&
      !isPartNamespace(namespace, [...screenKeys.keys()])
    );
  });
  const account = screenKeys.get('account');
  if (!account) throw new Error('the manifest has no account screen');

  // dayjs is not here: it loads with the first screen that needs it (lib/i18n/dayjs-locale.ts).
  const base = [entry, account, ...localeKeys];
  const scenarios: { name: string; keys: string[] }[] = [
    { name: `Signed in, browser (header), /account, ${lang}`, keys: [...base, header] },
    { name: `Signed in, desktop client or frame (no header), /account, ${lang}`, keys: base },
    { name: `Signed out, browser (header + sign-in), ${lang}`, keys: [...base, header, signIn, ...authLocale] },
  ];

  const lines: string[] = [];
  lines.push('| First route | JS gzip KiB | CSS gzip KiB | files |', '|---|---:|---:|---:|');
  const results = scenarios.map((scenario) => {
    const files = closure(manifest, scenario.keys);
    const js = total(files.js);
    const css = total(files.css);
    lines.push(`| ${scenario.name} | ${kib(js)} | ${kib(css)} | ${files.js.size + files.css.size} |`);
    return { ...scenario, files, js };
  });
  const toastFiles = closure(manifest, [toasts]);
  const firstRoute = results[0];
  if (!firstRoute) throw new Error('no scenario');
  const toastExtra = [...toastFiles.js].filter((file) => !firstRoute.files.js.has(file));
  lines.push(
    `| + toast container, loaded when the browser is idle after the first render | ${kib(total(toastExtra))} | ${kib(total([...toastFiles.css].filter((f) => !firstRoute.files.css.has(f))))} | ${toastExtra.length} |`,
  );

  const partsFiles = closure(manifest, [headerParts]);
  const partsExtra = [...partsFiles.js].filter((file) => !firstRoute.files.js.has(file));
  lines.push(
    `| + header menus, drawer and sign-out menu (browser), loaded when idle or on first use | ${kib(total(partsExtra))} | ${kib(total([...partsFiles.css].filter((f) => !firstRoute.files.css.has(f))))} | ${partsExtra.length} |`,
  );

  lines.push('', '| Screen opened next | adds JS gzip KiB | adds CSS gzip KiB |', '|---|---:|---:|');
  for (const [name, key] of [...screenKeys].sort()) {
    const files = closure(manifest, [key, ...[localeKey(name) ?? []].flat()]);
    const js = [...files.js].filter((file) => !firstRoute.files.js.has(file));
    const css = [...files.css].filter((file) => !firstRoute.files.css.has(file));
    lines.push(`| /${name} | ${kib(total(js))} | ${kib(total(css))} |`);
  }

  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  const allCss = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  lines.push(
    '',
    `Whole app: ${allJs.length} JS files, ${kib(total(new Set(allJs)))} KiB gzip; ${allCss.size} CSS files, ${kib(total(allCss))} KiB gzip (every language included).`,
  );

  lines.push('', '| Largest files of the signed-in browser first route | gzip KiB |', '|---|---:|');
  for (const file of [...firstRoute.files.js, ...firstRoute.files.css]
    .sort((a, b) => gzipped(b) - gzipped(a))
    .slice(0, 12)) {
    lines.push(`| ${file} | ${kib(gzipped(file))} |`);
  }

  console.log(lines.join('\n'));

  const limit = option('max-first-route-kib');
  if (limit !== undefined && firstRoute.js > Number(limit) * 1024) {
    console.error(
      `\nThe first route loads ${kib(firstRoute.js)} KiB (${firstRoute.js} bytes) of JS (gzip), over the budget of ${limit} KiB.`,
    );
    process.exit(1);
  }
}

main();
