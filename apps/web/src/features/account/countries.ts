import type { Language } from '@account-centre/contract';
import { languageTags } from '../../lib/i18n';

/**
 * ISO 3166-1 alpha-2 codes offered as country or region. Names come from the browser's own
 * localised data (Intl.DisplayNames), so they read right in every language without a table.
 */
export const countryCodes = [
  'AE',
  'AR',
  'AT',
  'AU',
  'BE',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CO',
  'CZ',
  'DE',
  'DK',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HK',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IT',
  'JP',
  'KR',
  'MO',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PH',
  'PK',
  'PL',
  'PT',
  'RO',
  'RU',
  'SA',
  'SE',
  'SG',
  'TH',
  'TR',
  'TW',
  'UA',
  'US',
  'VN',
  'ZA',
] as const;

/** The select's options, sorted by their name in the page's language. */
export function countryOptions(language: Language): { value: string; label: string }[] {
  const tag = languageTags[language];
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const collator = new Intl.Collator(tag);
  return countryCodes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
