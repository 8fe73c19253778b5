import { languages } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from './i18n';
import { namespaces } from './resources';
import en from '../../locales/en/devices.json';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every key of a namespace's texts, as `a.b.c`. */
function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('plural forms in every language', () => {
  it('knows Korean has one form: the devices limit is a sentence, not its key', async () => {
    expect(keysOf(en).some((key) => key.startsWith('list.limit_'))).toBe(true);
    await initI18n('kr', namespaces);
    await changeLanguage('kr');
    expect(i18n.t('devices:list.limit', { count: 1, used: 0, limit: 1 })).not.toContain('list.limit');
  });

  it.each(languages)('renders every pluralised text in %s with 0, 1, 2 and 5', async (language) => {
    await initI18n(language, namespaces);
    await changeLanguage(language);
    await i18n.loadNamespaces([...namespaces]);
    const raw: string[] = [];
    for (const namespace of namespaces) {
      const texts = i18n.getResourceBundle(language, namespace) as object | undefined;
      const bases = new Set(
        keysOf(texts ?? {})
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      for (const base of bases) {
        for (const count of [0, 1, 2, 5]) {
          // Keys read from the files at run time, outside the compiled key list.
          const text = (i18n.t as (key: string, options: object) => string)(`${namespace}:${base}`, { count });
          if (text === base || text.includes(`${base}_`) || text === `${namespace}:${base}`)
            raw.push(`${base} (${count})`);
        }
      }
    }
    expect(raw).toEqual([]);
  });
});
