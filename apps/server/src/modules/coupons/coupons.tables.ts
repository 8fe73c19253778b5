import type { CouponProduct, CouponProductType, CouponType, Currency } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** What a coupon is (docs/decisions/028); an account holds one as a `coupon` grant of its id. */
export interface CouponsTable {
  id: Generated<number>;
  type: CouponType;
  product: CouponProduct;
  product_type: CouponProductType;
  value: number;
  currency: Currency;
  min_spend: Generated<number>;
  info: string;
  valid_days: number | null;
  valid_until: number | null;
  created_at: number;
  /** The description in other languages: JSON language → text (docs/decisions/058). */
  info_translations: Generated<string | null>;
}

declare module '../../db/db.js' {
  /** The tables the coupons module owns (docs/architecture.md#table-owners). */
  interface Database {
    coupons: CouponsTable;
  }
}
