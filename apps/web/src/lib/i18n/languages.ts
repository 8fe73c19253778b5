import { type Language, type Region, buildLanguage, resolveLanguage } from '@account-centre/contract';

export { buildLanguage, languages, languageTags, resolveLanguage, type Language } from '@account-centre/contract';

/**
 * Each language named in itself, so a reader finds their own language whatever the page is
 * showing. These are names, not translations: they stay the same in every language.
 */
export const languageNames: Record<Language, string> = {
  zh: '简体中文',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  jp: '日本語',
  tw: '繁體中文',
  it: 'Italiano',
  pt: 'Português',
  kr: '한국어',
  id: 'Bahasa Indonesia',
  ru: 'Русский',
};

/** The language of a page address: its `lang` query parameter, else the build's language. */
export function languageFromSearch(search: string, region: Region): Language {
  return resolveLanguage(new URLSearchParams(search).get('lang'), buildLanguage(region));
}
