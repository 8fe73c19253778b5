import type DayjsModule from 'dayjs';
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

type Dayjs = typeof DayjsModule;

let loading: Promise<Dayjs> | null = null;
let active: Language | null = null;

/** Loads (once) and registers the dayjs locale of a language, and makes it dayjs's current one. */
async function applyLocale(dayjs: Dayjs, language: Language): Promise<void> {
  const { name, load } = dayjsLocales[language];
  const module = await load();
  dayjs.locale(module.default, undefined, true);
  dayjs.locale(name);
}

/**
 * dayjs, speaking the app's language. Nothing on the first route needs it (dates are written
 * with Intl, lib/i18n/format.ts), so it downloads only when a screen that picks or computes
 * dates first asks for it; such a screen loads it together with its code, before Mantine's
 * date pickers render. From then on language switches switch dayjs too (followLanguage).
 */
export function loadDayjs(language: Language): Promise<Dayjs> {
  active = language;
  loading ??= import('dayjs').then(async ({ default: dayjs }) => {
    await applyLocale(dayjs, active ?? language);
    return dayjs;
  });
  return loading;
}

/**
 * Switches dayjs to a language, if dayjs has been loaded (otherwise it will start in the
 * language it is loaded with). Resolves once the month and day names are there.
 */
export async function followLanguage(language: Language): Promise<void> {
  active = language;
  if (!loading) return;
  await applyLocale(await loading, language);
}
