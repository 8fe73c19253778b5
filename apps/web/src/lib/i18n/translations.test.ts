import { describe, expect, it } from 'vitest';
import {
  AccountErrorCode,
  type ErrorEntry,
  type Language,
  errorCatalogue,
  languageTags,
  languages,
} from '@account-centre/contract';
import typeDeclarations from './i18next.d.ts?raw';

/**
 * Every namespace file of every language, found by glob, so a namespace added later (by any
 * feature) is checked without touching this test.
 */
const files = import.meta.glob<unknown>('../../locales/*/*.json', { eager: true, import: 'default' });

type Strings = Map<string, string>;

/** language → namespace → flattened key → text */
const catalogue = new Map<string, Map<string, Strings>>();
const malformed: string[] = [];

function flatten(value: unknown, prefix: string, out: Strings, where: string) {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, where);
  } else {
    malformed.push(`${where}: ${prefix} is ${Array.isArray(value) ? 'an array' : typeof value}, not text`);
  }
}

for (const [path, content] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language = '', namespace = ''] = match;
  const strings: Strings = new Map();
  flatten(content, '', strings, `${language}/${namespace}`);
  if (!catalogue.has(language)) catalogue.set(language, new Map());
  catalogue.get(language)?.set(namespace, strings);
}

const english = catalogue.get('en') ?? new Map<string, Strings>();
const namespaces = [...english.keys()].sort();
const others = languages.filter((language) => language !== 'en');

/**
 * Texts that are rightly the same as the English one, per language. Keep this short: every
 * entry must still be identical (checked below), so it cannot outlive its reason.
 */
const sameAsEnglish: Record<string, readonly Language[]> = {
  // Italian software says "password"; the native alternatives read as archaic.
  'auth:fields.password': ['it'],
  // Brand names: the payment services call themselves so in these languages' markets.
  'checkout:method.wxpay': ['de', 'fr', 'es', 'it', 'pt', 'id', 'ru'],
  'checkout:method.alipay': ['de', 'fr', 'es', 'it', 'pt', 'id', 'ru'],
};

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Plural keys reduced to their base, with the plural categories each base has. */
function pluralBases(strings: Strings): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of strings.keys()) {
    const match = pluralSuffix.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    if (!bases.has(base)) bases.set(base, new Set());
    bases.get(base)?.add(match[1] ?? '');
  }
  return bases;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}|\$t\(([^)]+)\)/g)].map((m) => m[1] ?? `$t(${m[2]})`).sort();
}

/** The English text a key of another language corresponds to (its plural form's `_other`). */
function englishFor(namespace: string, key: string): string | undefined {
  const strings = english.get(namespace);
  const exact = strings?.get(key);
  if (exact !== undefined) return exact;
  const match = pluralSuffix.exec(key);
  return match ? strings?.get(`${key.slice(0, match.index)}_other`) : undefined;
}

describe('translations', () => {
  it('has English namespaces to compare against', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'header']));
  });

  it('are all text', () => {
    expect(malformed).toEqual([]);
  });

  it('exist for the 12 languages and no others', () => {
    expect([...catalogue.keys()].sort()).toEqual([...languages].sort());
  });

  it.each(languages)('%s has every namespace and no namespace English lacks', (language) => {
    expect([...(catalogue.get(language)?.keys() ?? [])].sort()).toEqual(namespaces);
  });

  it.each(others)('%s has every key of English and no other', (language) => {
    const problems: string[] = [];
    const categories = new Intl.PluralRules(languageTags[language]).resolvedOptions().pluralCategories;
    for (const namespace of namespaces) {
      const reference = english.get(namespace) ?? new Map<string, string>();
      const strings = catalogue.get(language)?.get(namespace) ?? new Map<string, string>();
      const referencePlurals = pluralBases(reference);
      const plurals = pluralBases(strings);
      for (const key of reference.keys()) {
        if (pluralSuffix.test(key)) continue;
        if (!strings.has(key)) problems.push(`missing ${namespace}:${key}`);
      }
      for (const key of strings.keys()) {
        if (pluralSuffix.test(key)) continue;
        if (!reference.has(key)) problems.push(`extra ${namespace}:${key}`);
      }
      // Plurals: each language needs exactly the forms its grammar has (Intl.PluralRules).
      for (const base of referencePlurals.keys()) {
        const forms = plurals.get(base) ?? new Set();
        for (const category of categories) {
          if (!forms.has(category)) problems.push(`missing ${namespace}:${base}_${category}`);
        }
        for (const form of forms) {
          if (!categories.includes(form as Intl.LDMLPluralRule)) problems.push(`extra ${namespace}:${base}_${form}`);
        }
      }
      for (const base of plurals.keys()) {
        if (!referencePlurals.has(base)) problems.push(`extra plural ${namespace}:${base}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(languages)('%s has no empty text', (language) => {
    const empty: string[] = [];
    for (const [namespace, strings] of catalogue.get(language) ?? []) {
      for (const [key, text] of strings) if (text.trim() === '') empty.push(`${namespace}:${key}`);
    }
    expect(empty).toEqual([]);
  });

  it.each(others)('%s uses the same {{placeholders}} as English', (language) => {
    const mismatches: string[] = [];
    for (const [namespace, strings] of catalogue.get(language) ?? []) {
      for (const [key, text] of strings) {
        const reference = englishFor(namespace, key);
        if (reference === undefined) continue;
        const expected = placeholders(reference).join(', ');
        const actual = placeholders(text).join(', ');
        if (expected !== actual) mismatches.push(`${namespace}:${key} has [${actual}], English has [${expected}]`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(others)('%s has no text left in English', (language) => {
    const untranslated: string[] = [];
    for (const [namespace, strings] of catalogue.get(language) ?? []) {
      for (const [key, text] of strings) {
        const reference = englishFor(namespace, key);
        if (reference === undefined || text.trim() !== reference.trim()) continue;
        // Text without letters (a number, a symbol, only placeholders) is the same everywhere.
        if (!/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''))) continue;
        if (sameAsEnglish[`${namespace}:${key}`]?.includes(language)) continue;
        untranslated.push(`${namespace}:${key} = "${text}"`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('allows English text only where it really is the same', () => {
    const stale: string[] = [];
    for (const [id, allowed] of Object.entries(sameAsEnglish)) {
      const [namespace = '', key = ''] = id.split(':');
      for (const language of allowed) {
        if (catalogue.get(language)?.get(namespace)?.get(key) !== english.get(namespace)?.get(key)) {
          stale.push(`${language} ${id}`);
        }
      }
    }
    expect(stale).toEqual([]);
  });

  it('has a text for every account error code of the spec, and for failures without an answer', () => {
    const errors = english.get('errors') ?? new Map<string, string>();
    const expected = [
      'generic',
      'network',
      ...Object.keys(AccountErrorCode)
        .filter((name) => name !== 'none')
        .map((name) => `account.${name}`),
    ];
    expect(expected.filter((key) => !errors.has(key))).toEqual([]);
  });

  /** Every failure of the contract's error catalogue, with the text its key names. */
  const failures = Object.entries(errorCatalogue).flatMap(([domain, entries]) =>
    Object.entries(entries as Record<string, ErrorEntry>).map(([name, entry]) => ({ id: `${domain}.${name}`, entry })),
  );

  function textOf(language: string, key: string): string | undefined {
    const [namespace = '', path = ''] = key.split(':');
    return catalogue.get(language)?.get(namespace)?.get(path);
  }

  it('reads the error catalogue', () => {
    expect(failures.length).toBeGreaterThan(50);
  });

  it.each(languages)('%s has a real text for every failure of the error catalogue', (language) => {
    const problems: string[] = [];
    for (const { id, entry } of failures) {
      const text = textOf(language, entry.key);
      const [namespace = '', path = ''] = entry.key.split(':');
      if (text === undefined) problems.push(`${id}: no ${entry.key}`);
      else if (text.trim() === '' || text === entry.key || text === path)
        problems.push(`${id}: ${entry.key} is no text`);
      else if (
        language !== 'en' &&
        text === textOf('en', entry.key) &&
        !sameAsEnglish[`${namespace}:${path}`]?.includes(language as Language)
      ) {
        problems.push(`${id}: ${entry.key} is the English text`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares every English namespace for the type checker', () => {
    const problems = namespaces.filter(
      (namespace) =>
        !typeDeclarations.includes(`from '../../locales/en/${namespace}.json'`) ||
        !new RegExp(`\\b${namespace}: typeof ${namespace};`).test(typeDeclarations) ||
        !new RegExp(`defaultNS: \\[[^\\]]*'${namespace}'`).test(typeDeclarations),
    );
    expect(problems).toEqual([]);
  });
});

describe('error texts are whole sentences', () => {
  const errorTexts = (language: string) =>
    Object.entries(
      import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' }),
    )
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .flatMap(([path, texts]) => {
        const namespace = /\/([^/]+)\.json$/.exec(path)?.[1] ?? '';
        const walk = (node: unknown, key: string): [string, string][] =>
          typeof node === 'string'
            ? [[key, node]]
            : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => walk(v, key ? `${key}.${k}` : k));
        return walk(texts, '')
          .filter(([key]) => namespace === 'errors' || key.startsWith('errors.'))
          .map(([key, text]) => [`${namespace}:${key}`, text] as const);
      });

  it.each(['de', 'en', 'es', 'fr', 'id', 'it', 'jp', 'kr', 'pt', 'ru', 'tw', 'zh'])(
    'ends every error text of %s as a sentence ends',
    (language) => {
      const fragments = errorTexts(language).filter(([, text]) => !/[.。!！?？]$/.test(text.trim()));
      expect(fragments).toEqual([]);
    },
  );

  it('says what was used: a verification code, or a sign-in link', () => {
    const texts = new Map(errorTexts('en'));
    expect(texts.get('errors:server.codeUsed')).toMatch(/verification code/);
    expect(texts.get('errors:server.ticketUsed')).toMatch(/sign-in link/);
  });
});
