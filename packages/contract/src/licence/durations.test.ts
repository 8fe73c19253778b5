import { describe, expect, it } from 'vitest';
import { type LicenceFamily, type LicenceLength, LicenceLengthMs, licenceEnd, licenceLength } from './durations.js';
import type { Region } from '../rules/region.js';

// Each row of spec 01 §9 "Licence durations from purchase date", as written there.
type Row = [family: LicenceFamily, types: number[], length: LicenceLength, regions: Region[]];
const both: Region[] = ['domestic', 'overseas'];
const rows: Row[] = [
  // Diagram product
  ['max', [1, 8, 20, 12, 34, 52, 61, 128, 129], 'oneYear', both],
  ['max', [2], 'fiveYears', both],
  ['max', [3, 6, 7, 15, 13, 41, 53, 121], 'threeYears', both],
  ['max', [63], 'threeYears', ['overseas']],
  ['max', [51, 130], 'halfYear', both],
  ['max', [120], 'threeMonths', both],
  ['max', [125], 'oneMonth', both],
  // Mind-map
  ['mindmaster', [1, 8, 20, 34], 'oneYear', both],
  ['mindmaster', [12], 'oneYear', ['overseas']],
  ['mindmaster', [12, 17], 'fifteenMonths', ['domestic']],
  ['mindmaster', [2], 'fiveYears', both],
  ['mindmaster', [3], 'threeYears', ['domestic']],
  ['mindmaster', [6, 7, 13, 18, 41], 'threeYears', both],
  ['mindmaster', [11, 15, 16], 'halfYear', both],
  ['mindmaster', [21, 22, 23, 24, 25], 'oneYear', both],
  ['mindmaster', [10], 'oneMonth', both],
  ['mindmaster', [100], 'twoMonths', both],
  ['mindmaster', [3], 'twoYears', ['overseas']],
  // Info, org chart, project
  ['info', [1], 'oneYear', both],
  ['info', [2], 'fiveYears', both],
  ['info', [3, 6, 7], 'threeYears', both],
  ['orgchart', [1], 'oneYear', both],
  ['orgchart', [2], 'fiveYears', both],
  ['orgchart', [3, 6, 7, 5, 10], 'threeYears', both],
  ['project', [1], 'oneYear', both],
  ['project', [2], 'fiveYears', both],
  ['project', [3, 6, 7], 'threeYears', both],
];

const purchasedAt = 1_700_000_000;

describe('licence lengths, spec 01 §9 row by row', () => {
  for (const [family, types, length, regions] of rows) {
    for (const region of regions) {
      it(`${family} types ${types.join(', ')} in the ${region} region last ${length}`, () => {
        for (const type of types) {
          expect(licenceLength(family, type, region)).toBe(length);
          expect(licenceEnd(family, type, purchasedAt, region)).toEqual({
            kind: 'timed',
            endsAt: purchasedAt + LicenceLengthMs[length] / 1000,
          });
        }
      });
    }
  }

  it('uses the spec’s millisecond figures', () => {
    expect(LicenceLengthMs.oneYear).toBe(31536e6);
    expect(LicenceLengthMs.twoYears).toBe(63072e6);
    expect(LicenceLengthMs.threeYears).toBe(94608e6);
    expect(LicenceLengthMs.fiveYears).toBe(15768e7);
    expect(LicenceLengthMs.halfYear).toBe(15768e6);
    expect(LicenceLengthMs.fifteenMonths).toBe(3942e7);
  });

  it('treats types 14 and 19 as permanent in every family and region', () => {
    for (const family of ['max', 'mindmaster', 'info', 'orgchart', 'project'] as const) {
      for (const region of both) {
        expect(licenceEnd(family, 14, purchasedAt, region)).toEqual({ kind: 'permanent' });
        expect(licenceEnd(family, 19, purchasedAt, region)).toEqual({ kind: 'permanent' });
      }
    }
  });

  it('does not guess a length the spec does not give', () => {
    expect(licenceEnd('max', 63, purchasedAt, 'domestic')).toEqual({ kind: 'unknown' });
    expect(licenceEnd('mindmaster', 17, purchasedAt, 'overseas')).toEqual({ kind: 'unknown' });
    expect(licenceEnd('info', 5, purchasedAt, 'domestic')).toEqual({ kind: 'unknown' });
    expect(licenceEnd('project', 10, purchasedAt, 'overseas')).toEqual({ kind: 'unknown' });
    expect(licenceEnd('max', 9999, purchasedAt, 'overseas')).toEqual({ kind: 'unknown' });
  });
});
