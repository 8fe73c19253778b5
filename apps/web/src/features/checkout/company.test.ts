import { CompanyErrors, isCompanyExpired, LicenceLengthMs } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../testing/checkout';
import type { Company, CompanyPrices } from './api/get-company';
import {
  changeOf,
  companyEndAfter,
  companyLine,
  companyPaymentRequest,
  companyRefusal,
  initialCompanySelection,
  seatsOf,
  termPlan,
  termSeconds,
} from './company';
import { companyChoice } from './company-choice';

const NOW = 1_800_000_000;
const DAY = 86_400;

const company = (overrides: Partial<Company> = {}): Company => ({
  id: 12,
  company_name: 'Acme',
  used_num: 3,
  num: 10,
  created_at: NOW - 100 * DAY,
  exp: NOW + 10 * DAY,
  user_type: 2,
  type: 9,
  ...overrides,
});

const prices: CompanyPrices = {
  currency: 'CNY',
  seat_price: 1000,
  seats_max: 990,
  time: [
    { item: 'business.oneYear', price: 380_000 },
    { item: 'business.threeYears', price: 780_000 },
  ],
};

describe('the company mode of the purchase screen', () => {
  it('reads the company and the change a link names', () => {
    expect(companyChoice({ kind: 'business' })).toBeNull();
    expect(companyChoice({ company: '12', change: 'seats' })).toEqual({ companyId: 12, change: 'seats' });
    expect(companyChoice({ company: '012', change: 'months' })).toEqual({ companyId: null, change: null });
    // With no change named, the one the company can take.
    expect(changeOf(company(), null)).toBe('time');
    expect(changeOf(company({ type: 8, exp: null }), null)).toBe('seats');
  });

  it('refuses as the server does: no such company, not its creator, time for a lifelong one, seats for an expired one', () => {
    expect(companyRefusal(undefined, 'time', NOW)).toBe(CompanyErrors.companyNotFound);
    expect(companyRefusal(company({ user_type: 1 }), 'time', NOW)).toBe(CompanyErrors.notAllowed);
    expect(companyRefusal(company({ user_type: 3 }), 'seats', NOW)).toBe(CompanyErrors.notAllowed);
    expect(companyRefusal(company({ type: 8, exp: null }), 'time', NOW)).toBe(CompanyErrors.lifelong);
    expect(companyRefusal(company({ type: 8, exp: null }), 'seats', NOW)).toBeNull();
    expect(companyRefusal(company({ exp: NOW - 1 }), 'seats', NOW)).toBe(CompanyErrors.expired);
    // Time may be added to an expired company: that is how it comes back.
    expect(companyRefusal(company({ exp: NOW - 1 }), 'time', NOW)).toBeNull();
    expect(isCompanyExpired(company({ type: 8, exp: NOW - 1 }), NOW)).toBe(false);
  });

  it('counts a term as the licence tables do', () => {
    for (const [item, seconds] of Object.entries(termSeconds)) {
      expect(seconds * 1000).toBe(LicenceLengthMs[termPlan(item as keyof typeof termSeconds)]);
    }
  });

  it('extends from the current end, or from now once ended, by 365-day years as the server does', () => {
    expect(companyEndAfter(company(), 'business.oneYear', NOW)).toBe(NOW + 10 * DAY + 365 * DAY);
    expect(companyEndAfter(company(), 'business.threeYears', NOW)).toBe(NOW + 10 * DAY + 3 * 365 * DAY);
    expect(companyEndAfter(company({ exp: NOW - 50 * DAY }), 'business.twoYears', NOW)).toBe(NOW + 730 * DAY);
  });

  it('keeps the seats within 1 and what one purchase may add', () => {
    const selection = initialCompanySelection(testCatalogue('domestic'), prices);
    expect(seatsOf(prices, { ...selection, seats: 0 })).toBe(1);
    expect(seatsOf(prices, { ...selection, seats: -4 })).toBe(1);
    expect(seatsOf(prices, { ...selection, seats: 2.7 })).toBe(2);
    expect(seatsOf(prices, { ...selection, seats: 5000 })).toBe(990);
    expect(companyLine('seats', prices, { ...selection, seats: 4 })).toEqual({ unitPrice: 1000, quantity: 4 });
    // No seat left to sell: nothing to pay.
    expect(companyLine('seats', { ...prices, seats_max: 0 }, selection)).toBeNull();
    expect(
      companyPaymentRequest(testCatalogue('domestic'), company(), 'seats', { ...prices, seats_max: 0 }, selection),
    ).toBeNull();
  });

  it('asks for the term for all seats, or the seats, with the method and no coupon unless one applies', () => {
    const catalogue = testCatalogue('domestic');
    const selection = { ...initialCompanySelection(catalogue, prices), useCoupon: true };
    expect(companyLine('time', prices, selection)).toEqual({ unitPrice: 380_000, quantity: 1 });
    expect(companyPaymentRequest(catalogue, company(), 'time', prices, selection)).toEqual({
      change: 'time',
      query: { cid: 12, item: 'business.oneYear', method: 'wxpay' },
    });
    expect(companyPaymentRequest(catalogue, company(), 'seats', prices, { ...selection, seats: 3 })).toEqual({
      change: 'seats',
      query: { cid: 12, seats: 3, method: 'wxpay' },
    });
  });
});
