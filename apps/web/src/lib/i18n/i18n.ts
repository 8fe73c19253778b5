import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, languageTags, languages } from '@account-centre/contract';
import { followLanguage } from './dayjs-locale';
import { bundledBackend, namespaces } from './resources';

export { i18next as i18n };

let starting: Promise<void> | null = null;

/**
 * Namespaces asked for before initI18n: i18next, not yet started, answers such a request at once
 * and loads nothing, so the screen a page opens on (main.tsx preloads its code and texts beside
 * the start) would render its raw keys, and nothing would load them until a reload. They are
 * loaded with the start instead, and their requests resolve when it has.
 */
const askedBeforeStart = new Set<string>();
let started: () => void = () => {};
// Should the start fail, the page shows no app (main.tsx), and these requests stay unanswered.
const whenStarted = new Promise<void>((resolve) => {
  started = resolve;
});

/**
 * Starts i18next in a language and waits until that language's texts are loaded, so the
 * first render is already translated (dayjs follows the language once a screen loads it:
 * loadDayjs). Calling it again switches language.
 *
 * `startWith` names the namespaces the first render needs (all of them unless told); the
 * others load with loadNamespace when their screen does, so the first visit does not download
 * the texts of every screen. Namespaces loaded later follow language switches too.
 *
 * No fallback language is loaded: that would ship a second language on every first visit,
 * and translations.test.ts guarantees every language has every key.
 */
export function initI18n(language: Language, startWith: readonly string[] = namespaces): Promise<void> {
  if (!starting) {
    i18next.on('languageChanged', languageChanged);
    starting = Promise.all([
      followLanguage(language),
      i18next
        .use(bundledBackend)
        .use(initReactI18next)
        .init({
          lng: language,
          supportedLngs: [...languages],
          fallbackLng: false,
          ns: [...new Set([...startWith, ...askedBeforeStart])],
          defaultNS: 'common',
          interpolation: { escapeValue: false }, // React escapes what it renders
          returnNull: false,
          react: { useSuspense: false },
        }),
    ]).then(() => {
      pluralRulesByLanguageTag();
      reflectLanguage(language);
    });
    void starting.then(started, () => {});
    return starting;
  }
  return starting.then(() => changeLanguage(language));
}

/**
 * Loads a namespace in the current language (once), e.g. a screen's texts with its code. Asked
 * before i18n has started, it loads with the start (askedBeforeStart).
 */
export function loadNamespace(namespace: string): Promise<void> {
  if (!starting) {
    askedBeforeStart.add(namespace);
    return whenStarted.then(() => i18next.loadNamespaces(namespace));
  }
  return starting.then(() => i18next.loadNamespaces(namespace));
}

/**
 * Switches the app to another language: its texts (and dayjs names, once dayjs is in use) are
 * loaded first, then the switch happens at once, so no screen shows a mix of two languages.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([followLanguage(language), i18next.loadLanguages(language)]);
  await i18next.changeLanguage(language);
}

/**
 * i18next asks `Intl.PluralRules` for a language's plural forms by the code it was given, but
 * the spec's codes are not all language tags: `kr` and `jp` name other languages (or none) to
 * Intl, which then answers English's rules, and Korean texts were looked up as `key_one`,
 * showing the raw key. The plural rules are asked for by the language's real tag instead
 * (`kr` → `ko`, `jp` → `ja`, `tw` → `zh-Hant`, from the contract's languageTags).
 */
function pluralRulesByLanguageTag() {
  const resolver = i18next.services.pluralResolver as {
    getRule(code: string, options?: object): unknown;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule((languageTags as Record<string, string>)[code] ?? code, options);
}

type SwitchListener = (language: Language) => void;
const switchListeners = new Set<SwitchListener>();
/** The language on show, once i18next has named one. */
let shown: string | null = null;

/**
 * Calls `listener` after each switch to another language (not at the start), once `<html lang>`
 * names the new one: a call it makes then already asks the server for that language (the API
 * client sends `<html lang>` as Accept-Language). Returns what stops it.
 */
export function onLanguageSwitch(listener: SwitchListener): () => void {
  switchListeners.add(listener);
  return () => {
    switchListeners.delete(listener);
  };
}

function languageChanged(language: string) {
  reflectLanguage(language);
  const before = shown;
  shown = language;
  if (before === null || before === language) return;
  for (const listener of switchListeners) listener(language as Language);
}

/** Keeps `<html lang>` in step, for screen readers, hyphenation and font selection. */
function reflectLanguage(language: string) {
  if (typeof document === 'undefined') return;
  const tag = (languageTags as Record<string, string>)[language];
  if (tag) document.documentElement.lang = tag;
}
