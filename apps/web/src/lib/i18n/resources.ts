import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { PAGE_NAMESPACES } from './part-namespaces';

type Loader = () => Promise<ResourceKey>;

/**
 * The production build's translation files (vite.config.ts): the namespaces, and the one
 * version every file's name carries, `assets/locale-<language>-<namespace>-<version>.js`.
 */
declare const __LOCALE_FILES__: { version: string; namespaces: string[] };

/**
 * Where each file is loaded from. In development and tests, from the glob's imports. In the
 * production build the first route would carry one import per file — twelve per namespace, more
 * than a kilobyte compressed and growing with every screen — so each address is made from the
 * language, the namespace and the version instead. The glob stays reachable from the production
 * build through the fallback below, so the build still writes the files.
 */
/**
 * The namespaces the app has, from the English files (the reference of every other language),
 * less the page's own (`PAGE_NAMESPACES`).
 */
export const namespaces: readonly string[] = import.meta.env.PROD
  ? __LOCALE_FILES__.namespaces
  : Object.keys(import.meta.glob('./en/*.json', { base: '../../locales' }))
      .flatMap((path) => /^\.\/en\/([^/]+)\.json$/.exec(path)?.[1] ?? [])
      .filter((namespace) => !PAGE_NAMESPACES.includes(namespace))
      .sort();

export function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  // The glob's imports, in a chunk of their own: never on the first route (see above).
  const viaGlob = () => import('./locale-files').then(({ localeFiles }) => fromGlob(localeFiles, language, namespace));
  if (!import.meta.env.PROD) return viaGlob();
  if (!/^[a-z]{2}$/.test(language) || !namespaces.includes(namespace))
    return Promise.reject(new Error(`no translations for ${language}/${namespace}`));
  // The same file the glob's import names (vite.config.ts `chunkFileName`), beside this chunk;
  // should a name ever differ from that rule, the glob's own import still finds the file.
  const file = `./locale-${language}-${namespace}-${__LOCALE_FILES__.version}.js`;
  return import(/* @vite-ignore */ file).then((module: { default: ResourceKey }) => module.default, viaGlob);
}

function fromGlob(files: Record<string, Loader>, language: string, namespace: string): Promise<ResourceKey> {
  const load = files[`./${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`no translations for ${language}/${namespace}`));
  return load();
}

/** An i18next backend reading the bundled namespace files on demand. */
export const bundledBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
