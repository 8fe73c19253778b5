import { type Language, REGIONAL_BUY_LINK_PRODUCT_IDS } from '@account-centre/contract';
import { siteBase } from './site-links';

/** A product of the order screen's cards and recommendations, as the company site names it. */
export type SiteProduct = 'max' | 'mindmaster' | 'project' | 'orgchart' | 'edrawMath' | 'info' | 'hb' | 'ppt';

const slugs: Record<SiteProduct, string> = {
  max: 'diagram',
  mindmaster: 'mind-map',
  project: 'project',
  orgchart: 'org-chart',
  edrawMath: 'formula',
  info: 'infographic',
  hb: 'whiteboard',
  ppt: 'slides',
};

/** The site product of a subscription record's product code. */
export const siteProductOfLicence = {
  max: 'max',
  mind: 'mindmaster',
  proj: 'project',
  math: 'edrawMath',
  hb: 'hb',
  ppt: 'ppt',
} as const satisfies Record<string, SiteProduct>;

export interface ProductLinks {
  learnMore: string;
  download: string;
  buy: string;
}

/**
 * Where a product's actions lead on the company site of the reader's language. The ids
 * 5517, 5518, 5667, 5668, 5371, 5380, 5370 and 5378 alter buy links (spec 01 §6): the pricing
 * page is told the page's product id, so it offers that product's own plans.
 */
export function productLinks(product: SiteProduct, language: Language, pid: number | null): ProductLinks {
  const base = siteBase(language);
  const slug = slugs[product];
  const buy = new URL(`${base}/pricing`);
  buy.searchParams.set('product', slug);
  if (pid !== null && REGIONAL_BUY_LINK_PRODUCT_IDS.includes(pid)) buy.searchParams.set('pid', String(pid));
  return {
    learnMore: `${base}/products/${slug}`,
    download: `${base}/download?product=${slug}`,
    buy: buy.toString(),
  };
}
