import type { Region } from './region.js';

/** The 12 languages offered (spec 01 §1). */
export const languages = ['zh', 'en', 'de', 'fr', 'es', 'jp', 'tw', 'it', 'pt', 'kr', 'id', 'ru'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'zh';
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The language a build starts in when nothing names one (spec 01 §1: default zh, fallback
 * en): the domestic build is Chinese, the overseas build English.
 */
export function buildLanguage(region: Region): Language {
  return region === 'domestic' ? DEFAULT_LANGUAGE : FALLBACK_LANGUAGE;
}

/** Input spellings the spec maps onto our codes. */
const aliases: Record<string, Language> = { cn: 'zh', ko: 'kr' };

export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

/**
 * Resolves a requested language: one of the 12 codes, `cn` → zh, `ko` → kr; anything else
 * falls back to the build's default language (zh unless the build says otherwise).
 */
export function resolveLanguage(
  requested: string | null | undefined,
  buildDefault: Language = DEFAULT_LANGUAGE,
): Language {
  if (!requested) return buildDefault;
  const value = requested.trim().toLowerCase();
  if (isLanguage(value)) return value;
  return aliases[value] ?? buildDefault;
}

/** BCP 47 tags of our codes, for `Intl`, `<html lang>` and date libraries. */
export const languageTags: Record<Language, string> = {
  zh: 'zh-CN',
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
  jp: 'ja',
  tw: 'zh-TW',
  it: 'it',
  pt: 'pt',
  kr: 'ko',
  id: 'id',
  ru: 'ru',
};
