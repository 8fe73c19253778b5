import { ALL_PLATFORMS, type Language, type LicencePlatform, bytesToMb, languageTags } from '@account-centre/contract';
import type { TFunction } from 'i18next';

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

/**
 * Platforms as the language lists things: "Windows desktop, Mac desktop", "Windows 桌面版、Mac
 * 桌面版"; a licence of every platform says so in two words.
 */
export function platformNames(t: TFunction, platforms: readonly LicencePlatform[], language: Language): string {
  if (ALL_PLATFORMS.every((platform) => platforms.includes(platform))) return t('order:allPlatforms');
  return new Intl.ListFormat(languageTags[language], { type: 'conjunction', style: 'narrow' }).format(
    platforms.map((platform) => t(`order:platforms.${platform}`)),
  );
}
