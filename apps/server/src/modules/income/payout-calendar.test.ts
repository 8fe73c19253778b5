import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.js';
import { ConfigError } from '../../config.js';
import { openSealed, sealText } from '../../lib/secrets.js';
import { CHINA_2026_HOLIDAYS, CHINA_2026_WORKDAYS, type PayoutCalendar, payoutDay } from './payout-calendar.js';

const china2026: PayoutCalendar = { holidays: new Set(CHINA_2026_HOLIDAYS), workdays: new Set(CHINA_2026_WORKDAYS) };
/** Unix seconds of a time in China (UTC+8). */
const inChina = (iso: string) => Date.parse(`${iso}+08:00`) / 1000;

describe('the payout day of a withdrawal', () => {
  it('is the 10th of the next month when that is a working day', () => {
    expect(payoutDay(inChina('2026-01-15T12:00:00'), china2026)).toBe('2026-02-10');
    expect(payoutDay(inChina('2026-05-31T23:59:59'), china2026)).toBe('2026-06-10');
  });

  it('counts the month in China, not in UTC', () => {
    // 1 October 00:30 in China is still 30 September in UTC.
    expect(payoutDay(inChina('2026-10-01T00:30:00'), china2026)).toBe('2026-11-10');
    expect(payoutDay(inChina('2026-09-30T23:30:00'), china2026)).toBe('2026-10-10');
  });

  it('moves past weekends and holidays, and keeps weekend days China works', () => {
    // 10 May 2026 is a Sunday.
    expect(payoutDay(inChina('2026-04-20T09:00:00'), china2026)).toBe('2026-05-11');
    // 10 January 2027 is a Sunday.
    expect(payoutDay(inChina('2026-12-01T09:00:00'), china2026)).toBe('2027-01-11');
    // 10 October 2026 is a Saturday worked in exchange for the National Day holiday.
    expect(payoutDay(inChina('2026-09-10T09:00:00'), china2026)).toBe('2026-10-10');
    const withoutSwaps: PayoutCalendar = { holidays: new Set(CHINA_2026_HOLIDAYS), workdays: new Set() };
    expect(payoutDay(inChina('2026-09-10T09:00:00'), withoutSwaps)).toBe('2026-10-12');
    // A configured holiday on the 10th and the 11th.
    const closed: PayoutCalendar = { holidays: new Set(['2026-06-10', '2026-06-11']), workdays: new Set() };
    expect(payoutDay(inChina('2026-05-02T09:00:00'), closed)).toBe('2026-06-12');
  });

  it('reads its calendar from config, refusing what is not a day', () => {
    const config = testConfig({ PAYOUT_HOLIDAYS: '2027-02-10, 2027-02-11', PAYOUT_WORKDAYS: '' });
    expect([...config.payoutCalendar.holidays]).toEqual(['2027-02-10', '2027-02-11']);
    expect(config.payoutCalendar.workdays.size).toBe(0);
    expect(testConfig().payoutCalendar.holidays.has('2026-10-01')).toBe(true);
    expect(() => testConfig({ PAYOUT_HOLIDAYS: '2027-13-01' })).toThrow(ConfigError);
    expect(() => testConfig({ PAYOUT_WORKDAYS: 'soon' })).toThrow(ConfigError);
  });
});

describe('sealed texts', () => {
  const secret = 'a-server-secret-of-at-least-32-characters';

  it('open with the same secret and purpose only, and differ each time', () => {
    const sealed = sealText(secret, 'identity', '11010519491231002X');
    expect(sealed).not.toContain('1101');
    expect(sealText(secret, 'identity', '11010519491231002X')).not.toBe(sealed);
    expect(openSealed(secret, 'identity', sealed)).toBe('11010519491231002X');
    expect(() => openSealed(secret, 'another purpose', sealed)).toThrow();
    expect(() => openSealed(`${secret}!`, 'identity', sealed)).toThrow();
    const [version, nonce, data, tag] = sealed.split('.');
    const flipped = `${data?.[0] === 'A' ? 'B' : 'A'}${data?.slice(1)}`;
    expect(() => openSealed(secret, 'identity', [version, nonce, flipped, tag].join('.'))).toThrow();
  });
});
