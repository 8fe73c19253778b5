import {
  ALL_PLATFORMS,
  type Language,
  languageTags,
  licenceFamilyOf,
  type LicencePlatform,
  type OrderProductCode,
  planKindOf,
  type Region,
  type SubscriptionProduct,
} from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { siteProductOfLicence } from './product-links';

function named(t: TFunction, product: OrderProductCode, plan: ReturnType<typeof planKindOf> | 'team'): string {
  const productName = t(`order:products.${product}`);
  return plan === null ? productName : t('order:planName', { product: productName, plan: t(`order:plans.${plan}`) });
}

/**
 * An order's name in the reader's language, from its product and type (spec 01 §3, §9): "Mind
 * map · 2-year plan", "思维导图 终身版". The name the order was stored with stays on its receipt;
 * shown here it would mix languages on one screen.
 */
export function orderName(
  t: TFunction,
  order: { product: OrderProductCode; type: number; region: Region; version: string | null },
): string {
  const family = licenceFamilyOf(order.product);
  return named(
    t,
    order.product,
    planKindOf({ family, type: order.type, region: order.region, version: order.version }),
  );
}

/** A licence card's name in the reader's language, from its record's plan type and version. */
export function licenceName(
  t: TFunction,
  card: { product: SubscriptionProduct; orderType: number | null; version: string | null; scope: 'personal' | 'team' },
  region: Region,
): string {
  // The site product of a licence names it as the order product of the same code does.
  const product = siteProductOfLicence[card.product];
  if (card.scope === 'team') return named(t, product, 'team');
  const plan = planKindOf({ family: licenceFamilyOf(product), type: card.orderType, region, version: card.version });
  return named(t, product, plan);
}

/**
 * Platforms as the language lists things: "Windows desktop, Mac desktop", "Windows 桌面版、Mac
 * 桌面版"; a licence of every platform says so in two words.
 */
export function platformNames(t: TFunction, platforms: readonly LicencePlatform[], language: Language): string {
  if (ALL_PLATFORMS.every((platform) => platforms.includes(platform))) return t('order:allPlatforms');
  return new Intl.ListFormat(languageTags[language], { type: 'conjunction', style: 'narrow' }).format(
    platforms.map((platform) => t(`order:platforms.${platform}`)),
  );
}
