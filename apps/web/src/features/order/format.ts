import { type Language, bytesToMb, languageTags } from '@account-centre/contract';

const megabyteFormats = new Map<Language, Intl.NumberFormat>();

/**
 * A storage figure in MB with 2 decimals (spec 01 §3, §9), with the language's decimal sign and
 * unit: 12.35 MB, 12,35 MB, 12.35MB. The contract rounds; Intl only writes the number.
 */
export function formatMegabytes(bytes: number, language: Language): string {
  let format = megabyteFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(languageTags[language], {
      style: 'unit',
      unit: 'megabyte',
      unitDisplay: 'short',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    megabyteFormats.set(language, format);
  }
  return format.format(Number(bytesToMb(bytes)));
}
