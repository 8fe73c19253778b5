import type { Language, PersonalPlan, PersonalPlanProduct } from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { formatCurrency, formatNumber } from '../../lib/i18n';
import type { CheckoutOffer } from './api/get-catalogue';

type BusinessPlan = 'lifetime' | 'oneYear' | 'twoYears' | 'threeYears';

/**
 * What an offer is called in its tab's list: a plan by the name its key gives it
 * (`personal.twoYears`), a top-up by what the server says it brings.
 */
export function offerName(t: TFunction, offer: CheckoutOffer, language: Language): string {
  const plan = offer.key.slice(offer.key.indexOf('.') + 1);
  switch (offer.kind) {
    case 'personal':
      return t(`checkout:plans.personal.${plan as PersonalPlan['key']}`);
    case 'business':
      return t(`checkout:plans.business.${plan as BusinessPlan}`);
    case 'ai_points':
      return t('checkout:names.ai_points', { points: formatNumber(offer.ai_points ?? 0, language) });
    case 'ai_unlimited':
      return t('checkout:names.ai_unlimited', { days: formatNumber(offer.unlimited_days ?? 0, language) });
    case 'template_credit':
      return t('checkout:names.template_credit', { amount: formatCurrency(offer.credit ?? 0, language, 'CNY') });
  }
}

/**
 * What a purchase is called on its own (the order, the outcome): with its product or its seats,
 * and the team they are for when it is a team's upgrade.
 */
export function purchaseName(
  t: TFunction,
  offer: CheckoutOffer,
  purchase: { product: PersonalPlanProduct | null; quantity: number; team?: string | undefined },
  language: Language,
): string {
  const name = offerName(t, offer, language);
  if (offer.kind === 'personal') {
    return t('checkout:names.personal', { plan: name, product: t(`checkout:product.${purchase.product ?? 'max'}`) });
  }
  if (offer.kind === 'business') {
    const seats = formatNumber(purchase.quantity, language);
    return purchase.team === undefined
      ? t('checkout:names.business', { plan: name, seats })
      : t('checkout:names.team', { plan: name, seats, team: purchase.team });
  }
  return name;
}
