import {
  type CheckoutItemKind,
  type PaymentMethod,
  type PersonalPlanProduct,
  type PlanCoupon,
  type CheckoutItem,
  checkoutPrice,
  personalPlanProducts,
  planCouponApplies,
} from '@account-centre/contract';
import type { BuyChoice } from '../../lib/buy-link';
import { type BuildContext, productOf } from '../../lib/build-context';
import type { Checkout, CheckoutRequest } from './api/create-checkout';
import type { CheckoutCatalogue, CheckoutOffer } from './api/get-catalogue';

/**
 * The tabs of the screen: the plan kinds of spec 02 §9 — personal, business and private
 * deployment, which has nothing to buy online ("no meals") — and the top-ups sold beside them.
 */
export type Tab = CheckoutItemKind | 'private';
const tabOrder: readonly Tab[] = ['personal', 'business', 'private', 'ai_points', 'ai_unlimited', 'template_credit'];

/** What the buyer has chosen so far. */
export interface Selection {
  tab: Tab;
  /** The offer chosen on each tab, kept while another tab is on show. */
  items: Partial<Record<CheckoutItemKind, string>>;
  /** The product a personal plan is for. */
  product: PersonalPlanProduct;
  /** Seats of a business plan. */
  seats: number;
  method: PaymentMethod;
  /** The buyer asks for the held plan coupon to be taken off (where it applies). */
  useCoupon: boolean;
}

/** The tabs a catalogue fills: a kind not sold in the region (template credit overseas) has none. */
export function tabsOf(catalogue: CheckoutCatalogue): Tab[] {
  const kinds = new Set<Tab>(catalogue.items.map((offer) => offer.kind));
  return tabOrder.filter((tab) => tab === 'private' || kinds.has(tab));
}

export function offersOf(catalogue: CheckoutCatalogue, kind: CheckoutItemKind): CheckoutOffer[] {
  return catalogue.items.filter((offer) => offer.kind === kind);
}

/**
 * The offer a tab starts on: the first that ends by itself, since a plan that renews until
 * cancelled is one to choose knowingly, not to find chosen.
 */
function firstOffer(offers: readonly CheckoutOffer[]): CheckoutOffer | undefined {
  return offers.find((offer) => !offer.continuous) ?? offers[0];
}

/** The build's product (`tend`, else the desktop client's) when a link names none: max unless it is the mind map. */
export function buildProduct(build: Pick<BuildContext, 'tend' | 'from'>): PersonalPlanProduct {
  return productOf(build) === 'mindmaster' ? 'mind' : 'max';
}

const isTab = (tabs: readonly Tab[], value: string | undefined): value is Tab => tabs.includes(value as Tab);
const isProduct = (value: string | undefined): value is PersonalPlanProduct =>
  personalPlanProducts.includes(value as PersonalPlanProduct);

/**
 * The selection a link opens with: its item, on that item's tab; else its tab; else the first.
 * Anything the catalogue does not sell here is ignored rather than refused: the screen still
 * opens on something to buy.
 */
export function initialSelection(
  catalogue: CheckoutCatalogue,
  choice: BuyChoice,
  fallbackProduct: PersonalPlanProduct,
): Selection {
  const tabs = tabsOf(catalogue);
  const item = catalogue.items.find((offer) => offer.key === choice.item);
  const tab = item?.kind ?? (isTab(tabs, choice.kind) ? choice.kind : (tabs[0] ?? 'private'));
  return {
    tab,
    items: item ? { [item.kind]: item.key } : {},
    product: isProduct(choice.product) ? choice.product : fallbackProduct,
    seats: 1,
    method: catalogue.methods[0] ?? 'card',
    // A coupon is used up by the order: spent only when the buyer says so.
    useCoupon: false,
  };
}

/** The offer chosen on the tab on show; null on the private deployment tab. */
export function chosenOffer(catalogue: CheckoutCatalogue, selection: Selection): CheckoutOffer | null {
  if (selection.tab === 'private') return null;
  const offers = offersOf(catalogue, selection.tab);
  return (
    offers.find((offer) => offer.key === selection.items[selection.tab as CheckoutItemKind]) ??
    firstOffer(offers) ??
    null
  );
}

/** Seats of a business plan, within what one purchase may buy; one of anything else. */
export function quantityOf(offer: CheckoutOffer, selection: Selection): number {
  return Math.min(Math.max(1, Math.floor(selection.seats) || 1), offer.quantity_max);
}

/**
 * The held plan coupon, when it may take money off this offer as the server would take it
 * (planCouponApplies, and a discount once its least spend is reached); null otherwise.
 */
export function applicableCoupon(
  catalogue: CheckoutCatalogue,
  offer: CheckoutOffer,
  selection: Selection,
): PlanCoupon | null {
  const held = catalogue.coupon;
  if (!held) return null;
  // The rule asks only what kind of item it is, which the offer says: the contract's catalogue of
  // items (and the plans it is built from) stays out of this screen's download. selection.test.ts
  // holds the two answers equal for every item.
  const item = { kind: offer.kind } as CheckoutItem;
  const terms: PlanCoupon = { ...held, minSpend: held.min_spend };
  const product = offer.kind === 'personal' ? selection.product : null;
  if (!planCouponApplies(terms, item, product, catalogue.currency)) return null;
  const { discount } = checkoutPrice(offer.price, quantityOf(offer, selection), catalogue.currency, terms);
  return discount > 0 ? terms : null;
}

/** What the offer comes to as chosen: before and after the coupon, when the buyer uses one. */
export function priceOf(catalogue: CheckoutCatalogue, offer: CheckoutOffer, selection: Selection) {
  const coupon = selection.useCoupon ? applicableCoupon(catalogue, offer, selection) : null;
  return checkoutPrice(offer.price, quantityOf(offer, selection), catalogue.currency, coupon);
}

/** What the checkout is asked for: the item, a personal plan's product, a business plan's seats, the method, the coupon. */
export function checkoutRequest(
  catalogue: CheckoutCatalogue,
  offer: CheckoutOffer,
  selection: Selection,
): CheckoutRequest {
  const useCoupon = selection.useCoupon && applicableCoupon(catalogue, offer, selection) !== null;
  return {
    item: offer.key,
    ...(offer.kind === 'personal' ? { product: selection.product } : {}),
    ...(offer.kind === 'business' ? { quantity: quantityOf(offer, selection) } : {}),
    method: selection.method,
    ...(useCoupon ? { use_coupon: true } : {}),
  };
}

/** The same purchase asked for again (Start again after a payment closed unpaid). */
export function repeatRequest(checkout: Checkout): CheckoutRequest {
  return {
    item: checkout.item,
    ...(checkout.product !== null ? { product: checkout.product } : {}),
    ...(checkout.kind === 'business' ? { quantity: checkout.quantity } : {}),
    method: checkout.method,
    // A coupon it used came back when it closed: the new one takes it again.
    ...(checkout.discount > 0 ? { use_coupon: true } : {}),
    ...(checkout.team_id !== null ? { team_id: checkout.team_id } : {}),
  };
}
