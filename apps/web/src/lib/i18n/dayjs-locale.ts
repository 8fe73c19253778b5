import dayjs from 'dayjs';
import type { Language } from '@account-centre/contract';

type LocaleModule = { default: ILocale };

/**
 * dayjs names of our languages, each with a lazy import so only the active language's month
 * and day names are downloaded. The CommonJS locale files register themselves on whichever
 * dayjs `require` finds; registering the returned object ourselves makes sure it is the same
 * instance the app (and Mantine's date pickers) use.
 */
const dayjsLocales: Record<Language, { name: string; load: () => Promise<LocaleModule> }> = {
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  en: { name: 'en', load: () => import('dayjs/locale/en') },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  jp: { name: 'ja', load: () => import('dayjs/locale/ja') },
  tw: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  pt: { name: 'pt', load: () => import('dayjs/locale/pt') },
  kr: { name: 'ko', load: () => import('dayjs/locale/ko') },
  id: { name: 'id', load: () => import('dayjs/locale/id') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
};

export function dayjsLocaleName(language: Language): string {
  return dayjsLocales[language].name;
}

/** Loads (once) and registers the dayjs locale of a language, without switching to it. */
export async function loadDayjsLocale(language: Language): Promise<string> {
  const { name, load } = dayjsLocales[language];
  const module = await load();
  dayjs.locale(module.default, undefined, true);
  return name;
}
