import type { Region } from '../rules/region.js';

/**
 * Licence lengths from the purchase date, in milliseconds, as the spec states them (01 §9).
 * A month is a twelfth of the spec's year, which is how its 15-month figure (3942e7) and
 * half year (15768e6) are built.
 */
export const LicenceLengthMs = {
  oneMonth: 2628e6,
  twoMonths: 5256e6,
  threeMonths: 7884e6,
  halfYear: 15768e6,
  oneYear: 31536e6,
  fifteenMonths: 3942e7,
  twoYears: 63072e6,
  threeYears: 94608e6,
  fiveYears: 15768e7,
} as const;

export type LicenceLength = keyof typeof LicenceLengthMs;

/** Product families whose licence lengths the spec lists. */
export type LicenceFamily = 'max' | 'mindmaster' | 'info' | 'orgchart' | 'project';

/** Types that never expire: skipped in the duration calculation (spec 01 §9). */
export const PERMANENT_LICENCE_TYPES: readonly number[] = [14, 19];

interface LengthRule {
  length: LicenceLength;
  types: readonly number[];
  /** Only in this region; absent = both. */
  region?: Region;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Rules are read top-down and the first match wins, so a region-specific rule stands above the
// general one it overrides (mind-map type 3 overseas is two years, three years elsewhere).
const rulesByFamily: Record<LicenceFamily, readonly LengthRule[]> = {
  max: [
    { length: 'oneYear', types: [1, 8, 20, 12, 34, 52, 61, 128, 129] },
    { length: 'fiveYears', types: [2] },
    { length: 'threeYears', types: [3, 6, 7, 15, 13, 41, 53, 121] },
    { length: 'threeYears', types: [63], region: 'overseas' },
    { length: 'halfYear', types: [51, 130] },
    { length: 'threeMonths', types: [120] },
    { length: 'oneMonth', types: [125] },
  ],
  mindmaster: [
    { length: 'twoYears', types: [3], region: 'overseas' },
    { length: 'oneYear', types: [12], region: 'overseas' },
    { length: 'fifteenMonths', types: [12, 17], region: 'domestic' },
    { length: 'oneYear', types: [1, 8, 20, 34, ...range(21, 25)] },
    { length: 'fiveYears', types: [2] },
    { length: 'threeYears', types: [3, 6, 7, 13, 18, 41] },
    { length: 'halfYear', types: [11, 15, 16] },
    { length: 'oneMonth', types: [10] },
    { length: 'twoMonths', types: [100] },
  ],
  info: [
    { length: 'oneYear', types: [1] },
    { length: 'fiveYears', types: [2] },
    { length: 'threeYears', types: [3, 6, 7] },
  ],
  orgchart: [
    { length: 'oneYear', types: [1] },
    { length: 'fiveYears', types: [2] },
    { length: 'threeYears', types: [3, 5, 6, 7, 10] },
  ],
  project: [
    { length: 'oneYear', types: [1] },
    { length: 'fiveYears', types: [2] },
    { length: 'threeYears', types: [3, 6, 7] },
  ],
};

/** The length of a licence type, or null when the spec gives none for it. */
export function licenceLength(family: LicenceFamily, type: number, region: Region): LicenceLength | null {
  const rule = rulesByFamily[family].find(
    (r) => r.types.includes(type) && (r.region === undefined || r.region === region),
  );
  return rule?.length ?? null;
}

export type LicenceEnd =
  | { kind: 'permanent' }
  | { kind: 'timed'; endsAt: number }
  /** A type the spec gives no length for: shown as unknown, never guessed. */
  | { kind: 'unknown' };

/**
 * When a licence bought at `purchasedAt` (unix seconds) ends: permanent for types 14 and 19,
 * purchase date plus the type's length otherwise.
 */
export function licenceEnd(family: LicenceFamily, type: number, purchasedAt: number, region: Region): LicenceEnd {
  if (PERMANENT_LICENCE_TYPES.includes(type)) return { kind: 'permanent' };
  const length = licenceLength(family, type, region);
  if (length === null) return { kind: 'unknown' };
  return { kind: 'timed', endsAt: purchasedAt + Math.round(LicenceLengthMs[length] / 1000) };
}
