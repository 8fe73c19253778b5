import {
  BUSINESS_SEATS_MAX,
  COMPANY_SEATS_MAX,
  CheckoutErrors,
  type CompanyOrder,
  type CompanyPrices,
  type CompanyTimeItem,
  CompanyType,
  companyTimeItems,
  currencyOfRegion,
  type Language,
  type PaymentMethod,
  type Region,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { appError } from '../../lib/errors.js';
import { type CompanyChange, companyToGrow, managerRole } from '../companies/index.js';
import { type CheckoutDto, createCheckout } from './checkout.service.js';
import { pricesOf } from './payments.config.js';
import { companyPayments } from './payments.repository.js';
import type { PaymentsDeps } from './providers.js';

/**
 * What a mind-map company's creator buys for it (spec 02 §4 add-time and add-seats buttons, §7
 * `coop/oneprice`, `coop/recharge`, `coop/subscription`; docs/decisions/038), priced from the
 * business plans of the catalogue, and the company's payments (`coop/cmember/order`).
 */

const YEAR = 365 * 86_400;

type Company = Awaited<ReturnType<typeof companyToGrow>>;

/** The catalogue item a company's seats are sold under: a lifelong seat, or a year's seat for the time left. */
const seatItemOf = (company: Company) =>
  company.type === CompanyType.lifelong ? 'business.lifetime' : 'business.oneYear';

function configuredPrice(deps: Pick<PaymentsDeps, 'config'>, item: string, region: Region): number {
  const price = pricesOf(deps.config, item)?.[currencyOfRegion(region)] ?? null;
  if (price === null) throw appError(CheckoutErrors.notSoldHere);
  return price;
}

/**
 * One more seat until the company's end: a lifelong company's at the lifelong seat price; a
 * time-limited one's at the year's seat price for the time left, rounded up to a whole minor
 * unit, so every seat of a company ends together.
 */
function seatPrice(deps: Pick<PaymentsDeps, 'config'>, company: Company, region: Region, now: number): number {
  const yearly = configuredPrice(deps, seatItemOf(company), region);
  if (company.type === CompanyType.lifelong || company.exp === null) return yearly;
  return Math.max(1, Math.ceil((yearly * Math.max(0, company.exp - now)) / YEAR));
}

/** Seats one purchase may add: the checkout's limit, and no more than the company may hold. */
const seatsMax = (company: Company) => Math.max(0, Math.min(BUSINESS_SEATS_MAX, COMPANY_SEATS_MAX - company.num));

/** GET coop/oneprice: a seat more and each term more, for the company's creator. */
export async function companyPrices(
  deps: Pick<PaymentsDeps, 'config' | 'db' | 'clock'>,
  input: { userId: number; companyId: number; region: Region },
): Promise<Static<typeof CompanyPrices>> {
  const now = deps.clock.now();
  const company = await companyToGrow(deps.db, input.userId, input.companyId, 'any', now);
  return {
    currency: currencyOfRegion(input.region),
    seat_price: seatPrice(deps, company, input.region, now),
    seats_max: seatsMax(company),
    time:
      company.type === CompanyType.lifelong
        ? []
        : companyTimeItems.map((item) => ({ item, price: configuredPrice(deps, item, input.region) * company.num })),
  };
}

export interface CompanyPurchase {
  userId: number;
  region: Region;
  companyId: number;
  method: PaymentMethod;
  useCoupon?: boolean | undefined;
  payerOrigin: string;
  language?: Language | null | undefined;
  /** A term more for every seat (coop/recharge), or `seats` more (coop/subscription). */
  change: { kind: 'time'; item: CompanyTimeItem } | { kind: 'seats'; seats: number };
}

/** Opens the payment of more time or seats for a company its caller created; the checkout fulfils it. */
export async function openCompanyCheckout(
  deps: PaymentsDeps,
  input: CompanyPurchase,
  markApplied: (trx: PaymentsDeps['db']) => Promise<void>,
): Promise<CheckoutDto> {
  const now = deps.clock.now();
  const change: CompanyChange = input.change.kind;
  const company = await companyToGrow(deps.db, input.userId, input.companyId, change, now);
  const bought =
    input.change.kind === 'time'
      ? {
          item: input.change.item,
          quantity: company.num,
          unitPrice: configuredPrice(deps, input.change.item, input.region),
        }
      : {
          item: seatItemOf(company),
          quantity: input.change.seats,
          unitPrice: seatPrice(deps, company, input.region, now),
        };
  if (input.change.kind === 'seats' && input.change.seats > seatsMax(company))
    throw appError(CheckoutErrors.quantityInvalid);
  return createCheckout(
    deps,
    {
      userId: input.userId,
      region: input.region,
      item: bought.item,
      quantity: bought.quantity,
      method: input.method,
      useCoupon: input.useCoupon,
      payerOrigin: input.payerOrigin,
      language: input.language,
      // What was priced, so the payment gives exactly that or is refused (docs/decisions/052).
      company: {
        id: company.id,
        change,
        unitPrice: bought.unitPrice,
        priced: { seats: company.num, end: company.type === CompanyType.lifelong ? null : company.exp },
      },
    },
    markApplied,
  );
}

/**
 * GET coop/cmember/order (spec 02 §3 "Enterprise order"): the company's paid payments, newest
 * first — the business plan that made it and every term and seats bought since, whoever paid —
 * for its creator and admins.
 */
export async function companyOrders(
  deps: Pick<PaymentsDeps, 'db'>,
  input: { userId: number; companyId: number },
): Promise<Static<typeof CompanyOrder>[]> {
  await managerRole(deps.db, input.companyId, input.userId);
  const rows = await companyPayments(deps.db, input.companyId);
  return rows.map((row) => ({
    order_id: row.out_trade_no,
    date: row.paid_at ?? 0,
    price: row.amount,
    currency: row.currency,
    kind: row.company_change ?? 'plan',
    quantity: row.quantity,
    refunded: row.state === 'refunded',
  }));
}
