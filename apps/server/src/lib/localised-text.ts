import { buildLanguage, isLanguage, type Language, type Region } from '@account-centre/contract';

/** Whom a text is written out for: the language they read in, and their region (its clock, its language). */
export interface Reader {
  language: Language;
  region: Region;
}

/** An operator's text in the languages it was given in (docs/decisions/058). */
export type Translations = Partial<Record<Language, string>>;

/**
 * A text given by an operator: `text` as it is shown where no language matches (and as it was
 * stored before texts had languages), and the languages it was given in.
 */
export interface LocalisedText {
  text: string;
  translations: Translations;
}

/**
 * The languages that are a reader's own: theirs, then the other Chinese script (a Traditional
 * Chinese reader reads Simplified, and the other way round).
 */
export function readersLanguages(language: Language): Language[] {
  if (language === 'tw') return ['tw', 'zh'];
  if (language === 'zh') return ['zh', 'tw'];
  return [language];
}

/**
 * The best of an operator's texts for a reader (docs/decisions/058): the text in one of their own
 * languages; else the untagged text, which the operator wrote for whoever reads none of the
 * others; else the text in their region's language (Chinese on the domestic site, English on the
 * overseas one); else the stored untagged text. An untagged text the operator did not give holds
 * a copy of one of the languages (`normaliseLocalised`), so one equal to a language's text is
 * that language's, not a text for everyone else.
 */
export function bestText(text: LocalisedText, language: Language, region: Region): string {
  for (const candidate of readersLanguages(language)) {
    const found = text.translations[candidate];
    if (found !== undefined) return found;
  }
  const untaggedGiven = !Object.values(text.translations).includes(text.text);
  if (untaggedGiven) return text.text;
  return text.translations[buildLanguage(region)] ?? text.text;
}

/** The translations column as stored: a JSON object of language → text, null when there are none. */
export function storedTranslations(translations: Translations): string | null {
  const entries = Object.entries(translations).filter(([language, value]) => isLanguage(language) && value);
  return entries.length === 0 ? null : JSON.stringify(Object.fromEntries(entries));
}

/** The translations of a stored column; anything that is not a language's text is left out. */
export function readTranslations(stored: string | null | undefined): Translations {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(stored);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const translations: Translations = {};
  for (const [language, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (isLanguage(language) && typeof value === 'string') translations[language] = value;
  }
  return translations;
}

/** A stored text and its translations, as a reader sees them. */
export function readLocalised(text: string, stored: string | null | undefined, reader: Reader): string {
  return bestText({ text, translations: readTranslations(stored) }, reader.language, reader.region);
}

/**
 * Checks and trims each language's text the way the untagged one is checked (`check` throws for
 * a text it refuses). The untagged text defaults to the English one, else the Chinese one, else
 * the first given: some text is always there for a reader no language matches.
 */
export function normaliseLocalised(
  input: { text?: string | undefined; translations?: Translations | undefined },
  check: (text: string) => string,
): LocalisedText {
  const translations: Translations = {};
  for (const [language, value] of Object.entries(input.translations ?? {})) {
    if (isLanguage(language) && value !== undefined) translations[language] = check(value);
  }
  const given = input.text ?? translations.en ?? translations.zh ?? Object.values(translations)[0];
  if (given === undefined) return { text: check(''), translations };
  return { text: check(given), translations };
}
