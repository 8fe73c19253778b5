import type { LicenceFamily } from '../licence/durations.js';

/** Products that have a subscription record (spec 01 §3 "Subscription record"). */
export const subscriptionProducts = ['max', 'mind', 'proj', 'math', 'hb', 'ppt'] as const;
export type SubscriptionProduct = (typeof subscriptionProducts)[number];

/** Product families (spec 01 §3). */
export const productFamilies = [
  'max',
  'mindmaster',
  'orgchart',
  'info',
  'project',
  'edrawMath',
  'templatesVip',
  'hb',
] as const;
export type ProductFamily = (typeof productFamilies)[number];

/**
 * Product codes an order carries (spec 01 §3 "Order product codes"), plus `templatesVip`: the
 * spec has a `templates_vip_orders` list and a `templatesVip` family but names no order code
 * for it, so the family name serves (docs/decisions/003).
 */
export const orderProductCodes = [
  'max',
  'mindmaster',
  'project',
  'edrawMath',
  'info',
  'infographic',
  'orgchart',
  'cloudspace',
  'templateRecord',
  'servicePointsRecord',
  'maxlessonRecord',
  'mindlessonRecord',
  'hb',
  'ppt',
  'couponRecord',
  'templatesVip',
] as const;
export type OrderProductCode = (typeof orderProductCodes)[number];

/** The order lists of getOrder (spec 01 §3 "Order data"). */
export const orderLists = [
  'maxorders',
  'mindorders',
  'infoorders',
  'orgorders',
  'projorders',
  'hborders',
  'cloud_space_orders',
  'coupon_template_orders',
  'service_points_orders',
  'templates_vip_orders',
  'lesson_orders',
  'couponorders',
] as const;
export type OrderList = (typeof orderLists)[number];

/**
 * Product codes of the receipt download call (spec 01 §7 getInvoiceDownloadURL): max, mind,
 * info, proj, org, space, tpl, point, hb.
 */
export const receiptProducts = ['max', 'mind', 'info', 'proj', 'org', 'space', 'tpl', 'point', 'hb'] as const;
export type ReceiptProduct = (typeof receiptProducts)[number];

interface OrderProductInfo {
  list: OrderList;
  receipt: ReceiptProduct;
  /** The family whose licence lengths (spec 01 §9) give the order's end; null: none listed. */
  licenceFamily: LicenceFamily | null;
}

/**
 * Where each order product code belongs. The formula and slides products have no list of
 * their own in the spec; they are sold from the diagram family and travel in `maxorders`,
 * told apart by their product code.
 */
const orderProductInfo: Record<OrderProductCode, OrderProductInfo> = {
  max: { list: 'maxorders', receipt: 'max', licenceFamily: 'max' },
  edrawMath: { list: 'maxorders', receipt: 'max', licenceFamily: null },
  ppt: { list: 'maxorders', receipt: 'max', licenceFamily: null },
  mindmaster: { list: 'mindorders', receipt: 'mind', licenceFamily: 'mindmaster' },
  info: { list: 'infoorders', receipt: 'info', licenceFamily: 'info' },
  infographic: { list: 'infoorders', receipt: 'info', licenceFamily: 'info' },
  orgchart: { list: 'orgorders', receipt: 'org', licenceFamily: 'orgchart' },
  project: { list: 'projorders', receipt: 'proj', licenceFamily: 'project' },
  hb: { list: 'hborders', receipt: 'hb', licenceFamily: null },
  cloudspace: { list: 'cloud_space_orders', receipt: 'space', licenceFamily: null },
  templateRecord: { list: 'coupon_template_orders', receipt: 'tpl', licenceFamily: null },
  servicePointsRecord: { list: 'service_points_orders', receipt: 'point', licenceFamily: null },
  templatesVip: { list: 'templates_vip_orders', receipt: 'tpl', licenceFamily: null },
  maxlessonRecord: { list: 'lesson_orders', receipt: 'max', licenceFamily: null },
  mindlessonRecord: { list: 'lesson_orders', receipt: 'mind', licenceFamily: null },
  couponRecord: { list: 'couponorders', receipt: 'tpl', licenceFamily: null },
};

/** The getOrder list an order of this product code appears in. */
export function orderListOf(product: OrderProductCode): OrderList {
  return orderProductInfo[product].list;
}

/** The order product codes that appear in a list. */
export function orderProductsOfList(list: OrderList): OrderProductCode[] {
  return orderProductCodes.filter((code) => orderProductInfo[code].list === list);
}

/** The `product` a receipt download of this order names (spec 01 §7 getInvoiceDownloadURL). */
export function receiptProductOf(product: OrderProductCode): ReceiptProduct {
  return orderProductInfo[product].receipt;
}

/** The licence family of an order product, or null when the spec lists no lengths for it. */
export function licenceFamilyOf(product: OrderProductCode): LicenceFamily | null {
  return orderProductInfo[product].licenceFamily;
}

/** Licence family of each subscription product; null where the spec lists no lengths. */
export const subscriptionFamily: Record<SubscriptionProduct, LicenceFamily | null> = {
  max: 'max',
  mind: 'mindmaster',
  proj: 'project',
  math: null,
  hb: null,
  ppt: null,
};

/**
 * Platforms of a subscription record (its `*_exp` fields, spec 01 §3). Team expiries are
 * kept apart: `desktop` (group_exp) and `mobile` (group_mobile_exp) of the team record.
 */
export const personalPlatforms = ['win', 'mac', 'linux', 'online', 'mobile', 'ios', 'android', 'ppt'] as const;
export type PersonalPlatform = (typeof personalPlatforms)[number];
export const teamPlatforms = ['desktop', 'mobile'] as const;
export type TeamPlatform = (typeof teamPlatforms)[number];
export type LicencePlatform = PersonalPlatform | TeamPlatform;
/** Every platform a licence row can list. */
export const licencePlatforms = [...personalPlatforms, 'desktop'] as const satisfies readonly LicencePlatform[];

/** Where an order was paid (docs/architecture.md#payments; spec 01 §5 store and bank-transfer orders). */
export const orderChannels = ['online', 'app_store', 'lenovo_store', 'bank_transfer'] as const;
export type OrderChannel = (typeof orderChannels)[number];

/** Currencies of the two builds (spec 01 §1: yuan in Chinese, USD in English). */
export const currencies = ['CNY', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** The currency a region's prices and amounts are in: yuan domestic, US dollars overseas. */
export const currencyOfRegion = (region: 'domestic' | 'overseas'): Currency => (region === 'domestic' ? 'CNY' : 'USD');

/** Both currencies count in hundredths: fen and cents. */
const MINOR_PER_MAJOR = 100;

/**
 * An amount in minor units as text with two decimals and the currency sign
 * (`28000, 'CNY'` → `¥280.00`). Integer arithmetic only: no float ever touches money.
 */
export function formatAmount(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount must be a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / MINOR_PER_MAJOR);
  const cents = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currency === 'CNY' ? '¥' : '$'}${grouped}.${cents}`;
}
