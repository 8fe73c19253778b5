import {
  type Checkout,
  type CheckoutCatalogue,
  checkoutItemByKey,
  checkoutItems,
  checkoutOfferFacts,
  CheckoutErrors,
  checkoutPrice,
  checkoutTtl,
  CommonErrors,
  CompanyErrors,
  currencyOfRegion,
  GrantErrors,
  type Language,
  type PaymentMethod,
  paymentMethodsOf,
  isRefusedPlanPurchase,
  type PersonalPlanProduct,
  type PlanCoupon,
  planCouponApplies,
  planPurchaseEffect,
  quantityLimit,
  type Region,
  TEAM_MEMBER_LIMIT_MAX,
  teamPlanOfBusinessItem,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { qrSvg } from '../../lib/qr.js';
import { AppError, appError } from '../../lib/errors.js';
import { type Reader, readLocalised } from '../../lib/localised-text.js';
import { type CompanyChange, type CompanyPricedFor, mayBuyBusinessPlan } from '../companies/index.js';
import { findCoupon, liveCouponGrant } from '../coupons/index.js';
import { lockLicenceHolder, planHolding, planHoldings, revoke } from '../grants/index.js';
import { itemName, itemTargetOf, newOrderNo } from '../orders/index.js';
import { teamToGrow } from '../teams/index.js';
import { giveCouponBack } from './coupon-returns.js';
import {
  type CheckoutRow,
  checkoutByTradeNo,
  expiredUnpaidCheckouts,
  insertCheckout,
  moveCheckout,
} from './payments.repository.js';
import { pricesOf } from './payments.config.js';
import { BANK_TRANSFER, type PaymentsDeps } from './providers.js';
import { settlePaid } from './settle.service.js';
import { accountLanguage } from '../user/index.js';

export type CheckoutDto = Static<typeof Checkout>;

/** The plan coupon the account holds and may still use, with what it takes off. */
async function heldPlanCoupon(db: PaymentsDeps['db'], userId: number, now: number) {
  const held = await liveCouponGrant(db, userId);
  if (!held || (held.expires_at !== null && held.expires_at <= now)) return null;
  const coupon = await findCoupon(db, Number(held.item));
  if (!coupon || coupon.product_type !== 'plan') return null;
  const terms: PlanCoupon = {
    type: coupon.type,
    value: coupon.value,
    currency: coupon.currency,
    minSpend: coupon.min_spend,
    product: coupon.product,
  };
  return { held, coupon, terms };
}

/**
 * What the checkout sells in the region's currency, at the configured prices, with its methods
 * and the held plan coupon, described in the reader's language (docs/decisions/058).
 */
export async function catalogueFor(
  deps: Pick<PaymentsDeps, 'config' | 'db' | 'clock'>,
  userId: number,
  reader: Reader,
): Promise<Static<typeof CheckoutCatalogue>> {
  const { region } = reader;
  const currency = currencyOfRegion(region);
  const items = checkoutItems.flatMap((item) => {
    const price = pricesOf(deps.config, item.key)?.[currency] ?? null;
    if (price === null) return [];
    return [{ key: item.key, kind: item.kind, price, quantity_max: quantityLimit(item), ...checkoutOfferFacts(item) }];
  });
  const planCoupon = await heldPlanCoupon(deps.db, userId, deps.clock.now());
  const coupon = planCoupon && {
    id: planCoupon.held.id,
    type: planCoupon.coupon.type,
    value: planCoupon.coupon.value,
    currency: planCoupon.coupon.currency,
    min_spend: planCoupon.coupon.min_spend,
    product: planCoupon.coupon.product,
    info: readLocalised(planCoupon.coupon.info, planCoupon.coupon.info_translations, reader),
    exp: planCoupon.held.expires_at,
  };
  const holdings = await planHoldings(deps.db, userId);
  return { currency, methods: [...paymentMethodsOf(region)], items, coupon, holdings };
}

/** A checkout as the pay screen shows it. */
export function toCheckoutDto(row: CheckoutRow, deps: Pick<PaymentsDeps, 'config'>): CheckoutDto {
  const item = checkoutItemByKey(row.item);
  const { bank } = deps.config;
  return {
    out_trade_no: row.out_trade_no,
    state: row.state,
    item: row.item,
    kind: item?.kind ?? row.kind,
    product: row.product,
    quantity: row.quantity,
    method: row.method,
    currency: row.currency,
    list_amount: row.list_amount,
    discount: row.discount,
    amount: row.amount,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
    closed_at: row.closed_at,
    refunded_at: row.refunded_at,
    team_id: row.team_id,
    order_id: row.state === 'fulfilled' || row.state === 'refunded' ? row.out_trade_no : null,
    // Only while it can still be paid: a settled checkout's page and code mean nothing any more.
    pay_url: row.state === 'created' ? row.pay_url : null,
    qr_svg: row.state === 'created' && row.qr_content ? qrSvg(row.qr_content) : null,
    bank:
      row.method === 'bank'
        ? {
            account_name: bank.accountName,
            bank_name: bank.bankName,
            account_no: bank.accountNo,
            reference: row.out_trade_no,
          }
        : null,
  };
}

/** The columns of a checkout just opened: waiting, from now until it closes at `expiresAt`. */
export function unsettled(now: number, expiresAt: number) {
  return {
    state: 'created',
    created_at: now,
    expires_at: expiresAt,
    paid_at: null,
    fulfilled_at: null,
    closed_at: null,
    refunded_at: null,
    refund_note: null,
    updated_at: now,
  } as const;
}

export interface NewCheckout {
  userId: number;
  region: Region;
  item: string;
  product?: PersonalPlanProduct | undefined;
  quantity?: number | undefined;
  method: PaymentMethod;
  /** Apply the held plan coupon (used up now, given back if the checkout closes unpaid). */
  useCoupon?: boolean | undefined;
  /** The origin the buyer reached the service at: the sandbox's pay page is served there. */
  payerOrigin: string;
  /** The language the buyer is buying in, which the provider's pay page speaks; null: not named. */
  language?: Language | null | undefined;
  /**
   * A business item bought for a company the buyer created (company-checkout.ts): a term for
   * every seat or more seats, at the unit price computed for that company as it was (`priced`:
   * its seats and end), which is what the payment will give (docs/decisions/052).
   */
  company?: { id: number; change: CompanyChange; unitPrice: number; priced: CompanyPricedFor } | undefined;
  /** A business term bought as seats of this diagram or project team (docs/decisions/040). */
  teamId?: number | undefined;
}

/**
 * Opens a payment (docs/decisions/037). Everything charged is computed here, from the catalogue
 * and the configured prices: the request names an item, never a price. The provider is asked
 * first, under a fresh `out_trade_no`, then the order is recorded unpaid with its answer; a
 * provider that cannot be reached leaves nothing behind but its own expiring payment.
 */
export async function createCheckout(
  deps: PaymentsDeps,
  input: NewCheckout,
  markApplied: (trx: PaymentsDeps['db']) => Promise<void>,
): Promise<CheckoutDto> {
  const item = checkoutItemByKey(input.item);
  if (!item) throw appError(CommonErrors.invalidRequest);
  const currency = currencyOfRegion(input.region);
  const unitPrice = input.company?.unitPrice ?? pricesOf(deps.config, item.key)?.[currency] ?? null;
  if (unitPrice === null) throw appError(CheckoutErrors.notSoldHere);
  if (!paymentMethodsOf(input.region).includes(input.method)) throw appError(CheckoutErrors.methodUnavailable);
  const quantity = input.quantity ?? 1;
  // A term for a company is bought for all its seats, however many it has.
  if (input.company?.change !== 'time' && quantity > quantityLimit(item))
    throw appError(CheckoutErrors.quantityInvalid);
  if ((item.kind === 'personal') !== (input.product !== undefined)) throw appError(CheckoutErrors.productInvalid);
  if (item.kind === 'personal' && input.product) {
    // Nothing is charged for a plan that would give nothing (docs/decisions/056); settling asks again.
    const effect = planPurchaseEffect(item.plan, await planHolding(deps.db, input.userId, input.product));
    if (isRefusedPlanPurchase(effect))
      throw appError(effect === 'owned' ? CheckoutErrors.alreadyOwned : CheckoutErrors.alreadyRenews);
  }
  if (input.teamId !== undefined) {
    if (teamPlanOfBusinessItem[item.key] === undefined || input.company) throw appError(CheckoutErrors.notForTeams);
    const team = await teamToGrow(deps.db, input.userId, input.teamId);
    // Each seat is a place more: the team must stay within the largest a team may be.
    if (team.memberLimit + quantity > TEAM_MEMBER_LIMIT_MAX) throw appError(CheckoutErrors.quantityInvalid);
  } else if (item.kind === 'business' && !input.company && !(await mayBuyBusinessPlan(deps.db, input.userId)))
    throw appError(CompanyErrors.otherCompany);

  const now = deps.clock.now();
  const product = input.product ?? null;
  const coupon = input.useCoupon ? await heldPlanCoupon(deps.db, input.userId, now) : null;
  if (input.useCoupon && (!coupon || !planCouponApplies(coupon.terms, item, product, currency)))
    throw appError(CheckoutErrors.couponNotApplicable);
  const price = checkoutPrice(unitPrice, quantity, currency, coupon?.terms);
  if (coupon && price.discount === 0) throw appError(CheckoutErrors.couponNotApplicable);
  const outTradeNo = newOrderNo(now);
  const expiresAt = now + checkoutTtl(input.method);

  let provider = null;
  let opened = null;
  if (input.method !== 'bank') {
    provider = deps.providers.forMethod(input.method);
    if (!provider) throw appError(CheckoutErrors.providerUnavailable);
    try {
      opened = await provider.open({
        outTradeNo,
        amount: price.amount,
        currency,
        method: input.method,
        // In the buyer's language, as the pay page speaks it (docs/decisions/058).
        description: itemName(
          item,
          {
            product,
            quantity,
            target: itemTargetOf({ companyChange: input.company?.change ?? null, forTeam: input.teamId !== undefined }),
          },
          input.language ?? (await accountLanguage(deps.db, input.userId, input.region)),
        ),
        notifyUrl: `${deps.notifyOrigin()}/api/pay/notify/${provider.name}`,
        payerOrigin: input.payerOrigin,
        language: input.language,
        expiresAt,
        agreement: item.kind === 'personal' && item.plan.continuous,
      });
    } catch (error) {
      deps.log.error({ err: error, provider: provider.name }, 'payment provider refused to open a payment');
      throw appError(CheckoutErrors.providerUnavailable);
    }
  }

  const row = await deps.db.transaction().execute(async (trx) => {
    if (coupon) {
      // Used up with the order: a concurrent checkout that took it first leaves nothing to revoke.
      await lockLicenceHolder(trx, input.userId);
      try {
        await revoke(trx, coupon.held.id, `used by order ${outTradeNo}`, now);
      } catch (error) {
        if (error instanceof AppError && error.is(GrantErrors.alreadyRevoked))
          throw appError(CheckoutErrors.couponNotApplicable);
        throw error;
      }
    }
    const inserted = await insertCheckout(trx, {
      out_trade_no: outTradeNo,
      user_id: input.userId,
      item: item.key,
      kind: item.kind,
      product,
      quantity,
      method: input.method,
      provider: provider?.name ?? BANK_TRANSFER,
      region: input.region,
      currency,
      list_amount: price.list,
      discount: price.discount,
      amount: price.amount,
      coupon_grant_id: coupon?.held.id ?? null,
      provider_ref: opened?.providerRef ?? null,
      pay_url: opened?.payUrl ?? null,
      qr_content: opened?.qrContent ?? null,
      renews: null,
      company_id: input.company?.id ?? null,
      company_change: input.company?.change ?? null,
      priced_seats: input.company?.priced.seats ?? null,
      priced_end: input.company?.priced.end ?? null,
      team_id: input.teamId ?? null,
      ...unsettled(now, expiresAt),
    });
    await markApplied(trx);
    return inserted;
  });
  return toCheckoutDto(row, deps);
}

async function findCheckout(deps: PaymentsDeps, outTradeNo: string): Promise<CheckoutRow | undefined> {
  return checkoutByTradeNo(deps.db, outTradeNo);
}

/** The caller's checkout; someone else's answers as one that does not exist. */
async function ownCheckout(deps: PaymentsDeps, userId: number, outTradeNo: string): Promise<CheckoutRow> {
  const row = await findCheckout(deps, outTradeNo);
  if (!row || row.user_id !== userId) throw appError(CheckoutErrors.checkoutNotFound);
  return row;
}

/**
 * Closes an unpaid checkout here and at its provider. A provider that says it was paid meanwhile
 * is asked for the payment, which is settled at once (its notification may be late or lost).
 * Returns the checkout as it then stands.
 */
export async function closeUnpaid(deps: PaymentsDeps, row: CheckoutRow): Promise<CheckoutRow> {
  if (row.state !== 'created') return row;
  const provider = row.provider === BANK_TRANSFER ? null : deps.providers.byName(row.provider);
  if (provider) {
    const outcome = await provider.close(row.out_trade_no);
    if (outcome === 'paid') {
      const payment = await provider.query(row.out_trade_no);
      if (payment?.paidAt != null) {
        await settlePaid(deps, {
          provider: provider.name,
          outTradeNo: row.out_trade_no,
          amount: payment.amount,
          currency: payment.currency,
          at: payment.paidAt,
          detail: 'found paid when closing',
        });
      }
      return (await findCheckout(deps, row.out_trade_no)) ?? row;
    }
  }
  const now = deps.clock.now();
  const closed = await deps.db.transaction().execute(async (trx) => {
    await lockLicenceHolder(trx, row.user_id);
    const done = await moveCheckout(trx, { id: row.id }, ['created'], { state: 'closed', closed_at: now }, now);
    if (done) await giveCouponBack(trx, done, 'closed unpaid', now);
    return done;
  });
  if (closed) await deps.events.changed(row.out_trade_no);
  return closed ?? (await findCheckout(deps, row.out_trade_no)) ?? row;
}

/** The caller's checkout row as it stands; an unpaid one past its time is closed first. */
export async function currentCheckout(deps: PaymentsDeps, userId: number, outTradeNo: string): Promise<CheckoutRow> {
  const row = await ownCheckout(deps, userId, outTradeNo);
  return row.state === 'created' && row.expires_at <= deps.clock.now() ? closeUnpaid(deps, row) : row;
}

/** The caller's checkout as the pay screen shows it (currentCheckout). */
export async function readCheckout(deps: PaymentsDeps, userId: number, outTradeNo: string): Promise<CheckoutDto> {
  return toCheckoutDto(await currentCheckout(deps, userId, outTradeNo), deps);
}

/** The buyer abandons an unpaid checkout (to start again); a settled one is answered as it is. */
export async function abandonCheckout(deps: PaymentsDeps, userId: number, outTradeNo: string): Promise<CheckoutDto> {
  return toCheckoutDto(await closeUnpaid(deps, await ownCheckout(deps, userId, outTradeNo)), deps);
}

/** Closes unpaid checkouts past their time, a batch at a time (the periodic sweep). */
export async function closeExpiredCheckouts(deps: PaymentsDeps, limit = 100): Promise<number> {
  const due = await expiredUnpaidCheckouts(deps.db, deps.clock.now(), limit);
  let closed = 0;
  for (const row of due) if ((await closeUnpaid(deps, row)).state === 'closed') closed++;
  return closed;
}
