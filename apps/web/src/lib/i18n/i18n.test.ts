// @vitest-fresh-modules: these tests start from i18next with no language loaded, as a page does.
import { describe, expect, it } from 'vitest';
import { currencyOf, formatCurrency, formatDate } from './format';
import { loadDayjs } from './dayjs-locale';
import { changeLanguage, i18n, initI18n } from './i18n';
import { buildLanguage, languageFromSearch } from './languages';

// 2024-05-01 12:00 UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
const MAY_FIRST_NOON = 1714564800;
/** Intl puts no-break spaces around some symbols; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('language of an address', () => {
  it('reads lang, maps cn to zh and ko to kr', () => {
    expect(languageFromSearch('?lang=de', 'domestic')).toBe('de');
    expect(languageFromSearch('?lang=cn', 'overseas')).toBe('zh');
    expect(languageFromSearch('?lang=ko', 'domestic')).toBe('kr');
    expect(languageFromSearch('?lang=JP', 'domestic')).toBe('jp');
  });

  it('falls back to the build language: Chinese at home, English abroad', () => {
    expect(buildLanguage('domestic')).toBe('zh');
    expect(buildLanguage('overseas')).toBe('en');
    expect(languageFromSearch('', 'domestic')).toBe('zh');
    expect(languageFromSearch('?lang=xx', 'overseas')).toBe('en');
  });
});

// One page's life, in the order a page lives it: the first load, first use of dayjs, then
// switches. The first-load state exists once per module instance (this file loads its own,
// decision 047), so these tests keep their order even in a shuffled run; the other tests of the
// file read no shared state.
describe('initI18n and changeLanguage', { shuffle: false }, () => {
  it('loads the active language only', async () => {
    await initI18n('de');
    expect(i18n.t('auth:signIn.title')).toBe('Anmelden');
    expect(i18n.hasResourceBundle('de', 'header')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(false);
    expect(document.documentElement.lang).toBe('de');
  });

  it('loads dayjs on first use, in the language shown', async () => {
    const dayjs = await loadDayjs('de');
    expect(dayjs.locale()).toBe('de');
    expect(dayjs.unix(MAY_FIRST_NOON).format('MMMM')).toBe('Mai');
  });

  it('switches texts, <html lang> and dayjs together', async () => {
    const dayjs = await loadDayjs('de');
    await changeLanguage('jp');
    expect(i18n.language).toBe('jp');
    expect(i18n.t('auth:signIn.title')).toBe('ログイン');
    expect(document.documentElement.lang).toBe('ja');
    expect(dayjs.locale()).toBe('ja');
    await changeLanguage('kr');
    expect(document.documentElement.lang).toBe('ko');
    expect(dayjs.locale()).toBe('ko');
    await initI18n('en');
    expect(i18n.t('common:actions.cancel')).toBe('Cancel');
    expect(document.documentElement.lang).toBe('en');
  });

  it('formatDate follows the language shown when none is given', async () => {
    await changeLanguage('de');
    expect(formatDate(MAY_FIRST_NOON)).toBe('01.05.2024');
    await changeLanguage('en');
    expect(formatDate(MAY_FIRST_NOON)).toBe('05/01/2024');
  });
});

describe('formatDate', () => {
  it('writes the day the way each language does', () => {
    expect(formatDate(MAY_FIRST_NOON, 'date', 'zh')).toBe('2024/05/01');
    expect(formatDate(MAY_FIRST_NOON, 'date', 'jp')).toBe('2024/05/01');
    expect(formatDate(MAY_FIRST_NOON, 'date', 'en')).toBe('05/01/2024');
    expect(formatDate(MAY_FIRST_NOON, 'date', 'de')).toBe('01.05.2024');
    expect(formatDate(MAY_FIRST_NOON, 'date', 'ru')).toBe('01.05.2024');
    expect(formatDate(MAY_FIRST_NOON, 'long', 'fr')).toBe('1 mai 2024');
    expect(formatDate(MAY_FIRST_NOON, 'long', 'zh')).toBe('2024年5月1日');
  });

  it('tells the time on the language’s own clock', () => {
    // 15:30 where the test runs: getTimezoneOffset is UTC minus local time, in minutes.
    const utc = Date.UTC(2024, 4, 1, 15, 30);
    const afternoon = utc / 1000 + new Date(utc).getTimezoneOffset() * 60;
    expect(plain(formatDate(afternoon, 'time', 'en'))).toBe('3:30 PM');
    expect(formatDate(afternoon, 'time', 'de')).toBe('15:30');
    expect(formatDate(afternoon, 'time', 'ru')).toBe('15:30');
    expect(formatDate(afternoon, 'time', 'jp')).toBe('15:30');
  });
});

describe('formatCurrency', () => {
  it('shows yuan in the Chinese languages and US dollars elsewhere', () => {
    expect(currencyOf('zh')).toBe('CNY');
    expect(currencyOf('tw')).toBe('CNY');
    for (const language of ['en', 'de', 'fr', 'es', 'jp', 'it', 'pt', 'kr', 'id', 'ru'] as const) {
      expect(currencyOf(language)).toBe('USD');
    }
  });

  it('formats minor units with the language’s separators', () => {
    expect(formatCurrency(19800, 'zh')).toBe('¥198.00');
    expect(formatCurrency(19800, 'tw')).toBe('CN¥198.00');
    expect(formatCurrency(19800, 'en')).toBe('$198.00');
    expect(plain(formatCurrency(123456, 'de'))).toBe('1.234,56 $');
    expect(plain(formatCurrency(5, 'ru'))).toBe('0,05 $');
  });
});
