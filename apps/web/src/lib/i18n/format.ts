import i18next from 'i18next';
import { type Language, languageTags, resolveLanguage } from '@account-centre/contract';

export type DateStyle = 'date' | 'dateTime' | 'time' | 'long' | 'month' | 'monthDay';

const dateStyles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  // Numeric day: 2024/05/01 in Chinese and Japanese (spec 01 §4: dates use slashes),
  // 01.05.2024 in German or Russian, 05/01/2024 in English.
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  // Times keep the language's own clock: 2:05 PM in English, 14:05 in German, 오후 2:05 in Korean.
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
  // Month written out, for headings and sentences: 1 May 2024, 2024年5月1日.
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
  // A day of a short range, for a chart's axis: 11/24, 24.11., 11月24日.
  monthDay: { month: 'numeric', day: 'numeric' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const currencyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** The language the app is showing now (the build default before i18n has started). */
export function currentLanguage(): Language {
  return resolveLanguage(i18next.resolvedLanguage ?? i18next.language);
}

/**
 * Formats a unix time (seconds, as the API sends them) in the reader's time zone and the
 * conventions of the language.
 */
export function formatDate(seconds: number, style: DateStyle = 'date', language: Language = currentLanguage()): string {
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTags[language], dateStyles[style]);
    dateFormats.set(key, format);
  }
  return format.format(new Date(seconds * 1000));
}

/**
 * Formats a calendar day the server names (YYYY-MM-DD, a payout day) in the language's numeric
 * date style, the same day whatever the reader's time zone.
 */
export function formatDay(day: string, language: Language = currentLanguage()): string {
  const key = `${language}|day`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTags[language], { ...dateStyles.date, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(Date.parse(`${day}T00:00:00Z`));
}

export type Currency = 'CNY' | 'USD';

/**
 * Spec 01 §1: "yuan in Chinese, USD in English". Both Chinese languages show yuan (the
 * domestic price list is in yuan, and Traditional Chinese readers are offered the same
 * prices); English and every other language show US dollars, the overseas price list.
 * See docs/decisions/ on currency.
 */
export function currencyOf(language: Language): Currency {
  return language === 'zh' || language === 'tw' ? 'CNY' : 'USD';
}

/**
 * Formats an amount given in the smallest unit (fen or cents; the API keeps money as
 * integers) as the language's currency, with the language's separators and symbol placement.
 * An amount the server gives in its own currency (an order) passes that currency instead.
 */
export function formatCurrency(
  minorUnits: number,
  language: Language = currentLanguage(),
  currency: Currency = currencyOf(language),
): string {
  const key = `${language}|${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(languageTags[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(key, format);
  }
  // Both currencies have 100 minor units.
  return format.format(minorUnits / 100);
}

/** A whole number with the language's grouping: 66,666 in English, 66.666 in German. */
export function formatNumber(value: number, language: Language = currentLanguage()): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(languageTags[language]);
    numberFormats.set(language, format);
  }
  return format.format(value);
}
