import { aiFeatureName, type AiPointSource, aiProductTypes } from '@account-centre/contract';
import type { TFunction } from 'i18next';

/**
 * A feature code by name in the reader's language (the `aipointFeatures` texts must be loaded:
 * the parts that show features load them with their code), or its number when no product has it.
 */
export function featureLabel(t: TFunction, code: number): string {
  const name = aiFeatureName(code);
  return name === null ? t('aipoint:usage.unknownFeature', { code }) : t(`aipointFeatures:${name}`);
}

/** A usage row's product (spec 01 §3): 0 none, shown as a slash; 1 diagram; otherwise mind-map. */
export function productLabel(t: TFunction, productType: number): string {
  if (productType === aiProductTypes.none) return '/';
  return productType === aiProductTypes.diagram ? t('aipoint:products.diagram') : t('aipoint:products.mindMap');
}

const sourceKeys = {
  [-1]: 'other',
  1: 'bought',
  2: 'membership',
  3: 'licence',
  4: 'activity',
} as const satisfies Record<AiPointSource, string>;

/** An acquisition's source type (spec 01 §3: -1 other, 1 bought, 2 membership, 3 licence, 4 activity). */
export function sourceLabel(t: TFunction, source: number): string {
  const key = source in sourceKeys ? sourceKeys[source as AiPointSource] : 'other';
  return t(`aipoint:sources.${key}`);
}
