export { changeLanguage, i18n, initI18n, loadNamespace, onLanguageSwitch } from './i18n';
export { loadDayjs } from './dayjs-locale';
export { useLanguage } from './use-language';
export { LocaleProvider } from './LocaleProvider';
export {
  currencyOf,
  currentLanguage,
  formatCurrency,
  formatDate,
  formatDay,
  formatNumber,
  type Currency,
  type DateStyle,
} from './format';
export {
  buildLanguage,
  languageFromSearch,
  languageNames,
  languageTags,
  languages,
  resolveLanguage,
  type Language,
} from './languages';
export { namespaces } from './resources';
export { lazyWithTexts } from './lazy-with-texts';
export { isPartNamespace } from './part-namespaces';
