import {
  boughtProducts,
  type Language,
  type RecommendableProduct,
  recommendedProducts,
  type Region,
  type SubscriptionReadProduct,
  subscriptionReadProducts,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { licenceRecordOf, licenceRecords } from '../grants/index.js';
import { findUserOrder, orderedProducts } from './orders.repository.js';
import { type OrderRowDto, toOrderRow } from './orders.service.js';

/*
 * The order screen's answers that join what a person holds with what they ordered. They are the
 * orders module's, which reads the subscriptions module through its door: the subscriptions
 * module sits below the benefit dispatcher that orders give through, so it cannot import orders
 * (docs/decisions/061, 062).
 */

/**
 * The order that last granted or extended the user's subscription of a product (spec 01 §7
 * `lastsuborder`): the one its record names, as the history shows it in the reader's language.
 * Null when no order did (a gift, a redeemed code, an operator's grant) or when the record has none.
 */
export async function lastSubscriptionOrder(
  db: Db,
  userId: number,
  product: SubscriptionReadProduct,
  now: number,
  language: Language,
): Promise<OrderRowDto | null> {
  const record = await licenceRecordOf(db, userId, subscriptionReadProducts[product]);
  const order = record?.order_no ? await findUserOrder(db, userId, record.order_no) : undefined;
  return order ? toOrderRow(order, now, language) : null;
}

/**
 * Recommended products the user has not bought (spec 01 §2), by the hiding rules of §6 for
 * the caller's region, language and the page's product id.
 */
export async function recommendationsFor(
  db: Db,
  userId: number,
  context: { region: Region; language: Language; productId: number | null },
): Promise<RecommendableProduct[]> {
  const [orders, records] = await Promise.all([orderedProducts(db, userId), licenceRecords(db, userId)]);
  const bought = boughtProducts(
    orders,
    records.map((r) => r.product),
  );
  return recommendedProducts({ ...context, bought });
}
