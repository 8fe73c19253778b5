import type { Language, Region } from '@account-centre/contract';

/**
 * Addresses on the company's sites that screens link to (the header's menus, the order screen's
 * store links, the page after an account is closed). Nothing else knows these origins.
 */

export type Env = Record<string, string | undefined>;

/**
 * The company sites: the Chinese site serves the domestic market, the international site
 * serves every other language under a path of its own (English at the root). Deployments
 * point these elsewhere with VITE_SITE_URL_DOMESTIC and VITE_SITE_URL_OVERSEAS.
 */
export function siteOrigins(env: Env = import.meta.env as Env) {
  return {
    domestic: (env.VITE_SITE_URL_DOMESTIC?.trim() || 'https://www.example.cn').replace(/\/+$/, ''),
    overseas: (env.VITE_SITE_URL_OVERSEAS?.trim() || 'https://www.example.com').replace(/\/+$/, ''),
  };
}

export function siteBase(language: Language, env?: Env): string {
  const origins = siteOrigins(env);
  if (language === 'zh') return origins.domestic;
  if (language === 'en') return origins.overseas;
  return `${origins.overseas}/${language}`;
}

/**
 * The company's home page of a build, where the page goes after an account is closed (spec 01
 * §4): the Chinese site in the domestic build; in the overseas build the international site in
 * the reader's language (its English root for Simplified Chinese, the Chinese site being the
 * domestic market's).
 */
export function companyHome(region: Region, language: Language, env?: Env): string {
  if (region === 'domestic') return `${siteOrigins(env).domestic}/`;
  return `${language === 'zh' ? siteOrigins(env).overseas : siteBase(language, env)}/`;
}

/** The domestic site's page that merges two accounts into one (spec 01 §2; domestic only). */
export function mergeAccountsPage(env?: Env): string {
  return `${siteOrigins(env).domestic}/account/merge`;
}

/** Where template credit is topped up: the template community's top-up page (spec 01 §2). */
export function templateTopUpPage(language: Language, env?: Env): string {
  return `${siteBase(language, env)}/templates/top-up`;
}

/**
 * The AI points screen's pages on the company site (spec 01 §2), in the reader's language: what
 * points are, and how to earn them. Points are bought on the purchase screen (lib/buy-link.ts).
 */
export function aiPointPages(language: Language, env?: Env) {
  const base = siteBase(language, env);
  return { about: `${base}/ai-points`, earn: `${base}/ai-points/earn` };
}

/**
 * The academy (spec 01 §2 "Courses screen"): its home, where the empty courses screen leads, and
 * the membership plans that open members' courses again once a membership has ended.
 */
export function academyPages(language: Language, env?: Env) {
  const base = siteBase(language, env);
  return { home: `${base}/academy`, membership: `${base}/pricing?product=academy` };
}
