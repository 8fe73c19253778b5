import {
  type CheckoutItem,
  CompanyErrors,
  CompanyRole,
  type CompanyTimeItem,
  CompanyType,
  type ErrorEntry,
  isCompanyExpired,
  type PaymentMethod,
  type PlanCoupon,
  checkoutPrice,
  planCouponApplies,
} from '@account-centre/contract';
import type { ErrorTextOptions } from '../../lib/api';
import type { CheckoutCatalogue } from './api/get-catalogue';
import type { Company, CompanyPrices } from './api/get-company';
import type { CompanyPaymentRequest } from './api/pay-company';
import type { CompanyChange } from './company-choice';
import { checkoutErrors } from './errors';

export type { CompanyChange };

/**
 * The failures of a company's term or seats: the checkout's, then the company's refusals
 * (`CompanyErrors`, worded in the team screen's texts, which load with this part of the screen).
 * Kept here, beside the company mode, so the normal purchase does not download them.
 */
export const companyCheckoutErrors: ErrorTextOptions = {
  domains: [...(checkoutErrors.domains ?? []), CompanyErrors],
};

/**
 * The change a link asks for, or the one the company can take when it names none (or another):
 * time for a time-limited company, seats for a lifelong one.
 */
export function changeOf(company: Company, asked: CompanyChange | null): CompanyChange {
  return asked ?? (company.type === CompanyType.timeLimited ? 'time' : 'seats');
}

/**
 * Why the change cannot be bought for this company, as the server would refuse it, or null.
 * Spec 02 §4: only the owner sees the add-time and add-seats buttons; time only for a
 * time-limited company (type 9), seats only while it has not expired.
 */
export function companyRefusal(company: Company | undefined, change: CompanyChange, now: number): ErrorEntry | null {
  if (!company) return CompanyErrors.companyNotFound;
  if (company.user_type !== CompanyRole.creator) return CompanyErrors.notAllowed;
  if (change === 'time' && company.type === CompanyType.lifelong) return CompanyErrors.lifelong;
  if (change === 'seats' && isCompanyExpired(company, now)) return CompanyErrors.expired;
  return null;
}

/** The plan a term is named by in the catalogue's texts (`checkout:plans.business.<plan>`). */
const termPlans = {
  'business.oneYear': 'oneYear',
  'business.twoYears': 'twoYears',
  'business.threeYears': 'threeYears',
} as const satisfies Record<CompanyTimeItem, string>;

export const termPlan = (item: CompanyTimeItem) => termPlans[item];

/**
 * A term's length in seconds: the licence tables' years of 365 days (the contract's
 * `LicenceLengthMs`, by which the server extends a company). Written out rather than imported, so
 * the licence tables stay out of this screen's download and no new shared chunk is named on the
 * first route (docs/bundle-budget.md); company.test.ts holds them equal.
 */
export const termSeconds = {
  'business.oneYear': 365 * 86_400,
  'business.twoYears': 2 * 365 * 86_400,
  'business.threeYears': 3 * 365 * 86_400,
} as const satisfies Record<CompanyTimeItem, number>;

/**
 * Where the company ends once the term is paid: the term added to its current end, or to today
 * when it has already ended, as the server extends it.
 */
export function companyEndAfter(company: Company, item: CompanyTimeItem, now: number): number {
  return Math.max(company.exp ?? now, now) + termSeconds[item];
}

/** What the buyer has chosen for the company so far. */
export interface CompanySelection {
  term: CompanyTimeItem | null;
  /** Seats to add, as typed: 0 while the field is empty. */
  seats: number;
  method: PaymentMethod;
  useCoupon: boolean;
}

export function initialCompanySelection(catalogue: CheckoutCatalogue, prices: CompanyPrices): CompanySelection {
  return {
    term: prices.time[0]?.item ?? null,
    seats: 1,
    method: catalogue.methods[0] ?? 'card',
    // A coupon is used up by the order: spent only when the buyer says so.
    useCoupon: false,
  };
}

/** Seats to add, within 1 and what one purchase may add. */
export function seatsOf(prices: CompanyPrices, selection: CompanySelection): number {
  return Math.min(Math.max(1, Math.floor(selection.seats) || 1), prices.seats_max);
}

/** What the change is priced as: a term for all seats at once, or a price per seat added. */
export function companyLine(
  change: CompanyChange,
  prices: CompanyPrices,
  selection: CompanySelection,
): { unitPrice: number; quantity: number } | null {
  if (change === 'seats') {
    return prices.seats_max > 0 ? { unitPrice: prices.seat_price, quantity: seatsOf(prices, selection) } : null;
  }
  const term = prices.time.find((entry) => entry.item === selection.term);
  return term ? { unitPrice: term.price, quantity: 1 } : null;
}

/**
 * The held plan coupon when it takes money off this change as the server would take it: a
 * business plan takes a mind-map or all-products coupon (planCouponApplies), once its least
 * spend is reached.
 */
export function companyCoupon(
  catalogue: CheckoutCatalogue,
  prices: CompanyPrices,
  line: { unitPrice: number; quantity: number },
): PlanCoupon | null {
  const held = catalogue.coupon;
  if (!held) return null;
  const terms: PlanCoupon = { ...held, minSpend: held.min_spend };
  // The rule asks only what kind of item it is (as selection.ts does).
  if (!planCouponApplies(terms, { kind: 'business' } as CheckoutItem, null, prices.currency)) return null;
  return checkoutPrice(line.unitPrice, line.quantity, prices.currency, terms).discount > 0 ? terms : null;
}

/** What the change comes to as chosen: before and after the coupon, when the buyer uses one. */
export function companyPrice(
  catalogue: CheckoutCatalogue,
  prices: CompanyPrices,
  line: { unitPrice: number; quantity: number },
  useCoupon: boolean,
) {
  const coupon = useCoupon ? companyCoupon(catalogue, prices, line) : null;
  return checkoutPrice(line.unitPrice, line.quantity, prices.currency, coupon);
}

/** The call that opens the payment: the company, the term or the seats, the method, the coupon. */
export function companyPaymentRequest(
  catalogue: CheckoutCatalogue,
  company: Company,
  change: CompanyChange,
  prices: CompanyPrices,
  selection: CompanySelection,
): CompanyPaymentRequest | null {
  const line = companyLine(change, prices, selection);
  if (!line) return null;
  const useCoupon = selection.useCoupon && companyCoupon(catalogue, prices, line) !== null;
  const common = { cid: company.id, method: selection.method, ...(useCoupon ? { use_coupon: true } : {}) };
  if (change === 'seats') return { change, query: { ...common, seats: line.quantity } };
  return selection.term ? { change, query: { ...common, item: selection.term } } : null;
}
