import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

type Loader = () => Promise<ResourceKey>;

/**
 * Every namespace file of every language, as a lazy import: Vite turns each file into its own
 * chunk, so a visitor downloads the files of their language only, and a namespace added under
 * `locales/<lang>/` is picked up without touching this module.
 */
const files = import.meta.glob<ResourceKey>('./*/*.json', { base: '../../locales', import: 'default' });

const loaders = new Map<string, Loader>();
for (const [path, load] of Object.entries(files)) {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match) loaders.set(`${match[1]}/${match[2]}`, load);
}

/**
 * The namespaces the app has, read from the English files: English is the reference every
 * other language is checked against (translations.test.ts).
 */
export const namespaces: readonly string[] = [...loaders.keys()]
  .filter((key) => key.startsWith('en/'))
  .map((key) => key.slice('en/'.length))
  .sort();

export function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const load = loaders.get(`${language}/${namespace}`);
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
