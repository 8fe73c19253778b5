import { type CheckoutItem, type Language, type PersonalPlanProduct, checkoutItemByKey } from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { formatCurrency, formatNumber } from '../../lib/i18n';

type BusinessPlan = 'lifetime' | 'oneYear' | 'twoYears' | 'threeYears';

/** A business plan's length, as its key names it (`business.twoYears`). */
const businessPlanOf = (key: string) => key.slice('business.'.length) as BusinessPlan;

function itemOf(key: string): CheckoutItem {
  const item = checkoutItemByKey(key);
  // The catalogue's keys are the contract's: an unknown one is a build older than the server.
  if (!item) throw new Error(`unknown checkout item ${key}`);
  return item;
}

/** What an offer is called in its tab's list: the plan, the package. */
export function offerName(t: TFunction, key: string, language: Language): string {
  const item = itemOf(key);
  switch (item.kind) {
    case 'personal':
      return t(`checkout:plans.personal.${item.plan.key}`);
    case 'business':
      return t(`checkout:plans.business.${businessPlanOf(key)}`);
    case 'ai_points':
      return t('checkout:names.ai_points', { points: formatNumber(item.points, language) });
    case 'ai_unlimited':
      return t('checkout:names.ai_unlimited', { days: formatNumber(item.days, language) });
    case 'template_credit':
      return t('checkout:names.template_credit', { amount: formatCurrency(item.creditFen, language, 'CNY') });
  }
}

/** What a purchase is called on its own, for the pay step and the outcome: the product and the seats too. */
export function purchaseName(
  t: TFunction,
  purchase: { item: string; product: PersonalPlanProduct | null; quantity: number },
  language: Language,
): string {
  const item = itemOf(purchase.item);
  const plan = offerName(t, purchase.item, language);
  if (item.kind === 'personal') {
    return t('checkout:names.personal', { plan, product: t(`checkout:product.${purchase.product ?? 'max'}`) });
  }
  if (item.kind === 'business') {
    return t('checkout:names.business', { plan, seats: formatNumber(purchase.quantity, language) });
  }
  return plan;
}
