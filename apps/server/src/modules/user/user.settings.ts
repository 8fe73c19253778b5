import { defineSettings } from '../../lib/settings.js';

/** The family's product and company names, in the spellings people type. */
const defaultBrandNames = [
  'edraw',
  'edrawmax',
  'edrawmind',
  'edrawproj',
  'mindmaster',
  'orgcharting',
  'wondershare',
  '亿图',
  '万兴',
];

export interface UserSettings {
  /**
   * Product and brand names a nickname must not contain (spec 01 §5), compared after the
   * same folding as sensitive words (case, spaces and punctuation between characters).
   */
  brandNames: string[];
}

export const userSettings = defineSettings<UserSettings>({
  module: 'user',
  variables: [
    {
      name: 'BRAND_NAMES',
      default: 'built-in list',
      meaning: 'comma-separated product and brand names a nickname may not contain',
    },
  ],
  read: ({ env }) => ({
    brandNames:
      env.BRAND_NAMES === undefined
        ? [...defaultBrandNames]
        : env.BRAND_NAMES.split(',')
            .map((name) => name.trim())
            .filter(Boolean),
  }),
});
