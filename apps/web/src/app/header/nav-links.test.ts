import { describe, expect, it } from 'vitest';
import { type Language, languages } from '@account-centre/contract';
import type { BuildContext } from '../../lib/build-context';
import { type HeaderNav, type NavItem, headerNav, isMindMapEnvironment } from './nav-links';

type NavContext = Pick<BuildContext, 'platform' | 'tend' | 'from'>;
const browser: NavContext = { platform: null, tend: null, from: null };
const nav = (language: Language, context: Partial<NavContext> = {}) =>
  headerNav({ language, context: { ...browser, ...context }, env: {} });

const ids = (header: HeaderNav) => header.items.map((item) => (item.kind === 'menu' ? item.id : item.link.id));
const menu = (header: HeaderNav, id: string) =>
  header.items.find((item): item is Extract<NavItem, { kind: 'menu' }> => item.kind === 'menu' && item.id === id);
const allLinks = (header: HeaderNav) => [
  ...header.items.flatMap((item) => (item.kind === 'menu' ? item.groups.flatMap((group) => group.links) : [item.link])),
  ...(header.search ? [header.search] : []),
];

describe('header navigation', () => {
  it('gives Simplified Chinese the China variant', () => {
    const header = nav('zh');
    expect(header.variant).toBe('china');
    expect(ids(header)).toEqual(['products', 'membership', 'business', 'download', 'templates', 'support']);
    const membership = header.items[1];
    expect(membership?.kind === 'link' && membership.withActivityTag).toBe(true);
    expect(header.search).toBeNull();
    expect(allLinks(header).every((link) => link.href.startsWith('https://www.example.cn/'))).toBe(true);
  });

  it.each(['en', 'tw', 'de', 'ru'] as const)('gives %s the international variant', (language) => {
    const header = nav(language);
    expect(header.variant).toBe('global');
    expect(ids(header)).toEqual(['products', 'diagrams', 'resources', 'support', 'download', 'pricing']);
    expect(header.search?.href).toBe(
      language === 'en' ? 'https://www.example.com/search' : `https://www.example.com/${language}/search`,
    );
  });

  it('sizes the dropdowns as the spec says', () => {
    expect(menu(nav('en'), 'diagrams')?.width).toBe(800);
    expect(menu(nav('en'), 'products')?.width).toBe(626);
    expect(menu(nav('zh'), 'products')?.width).toBe(626);
    expect(menu(nav('kr'), 'products')?.width).toBe(260);
  });

  it('leaves the diagram catalogue and search out in Japanese and Korean', () => {
    for (const language of ['jp', 'kr'] as const) {
      const header = nav(language);
      expect(ids(header)).not.toContain('diagrams');
      expect(header.search).toBeNull();
    }
  });

  it('offers no org chart, formula or project product in Japanese', () => {
    const products = menu(nav('jp'), 'products')?.groups[0]?.links.map((link) => link.id);
    expect(products).toEqual(['diagram', 'mindMap', 'infographic', 'whiteboard']);
    expect(menu(nav('en'), 'products')?.groups[0]?.links).toHaveLength(7);
  });

  it('lists Korean products by name only, in one column', () => {
    const products = menu(nav('kr'), 'products');
    expect(products?.columns).toBe(1);
    expect(products?.groups[0]?.links.every((link) => link.description === undefined)).toBe(true);
  });

  it('has no store, membership or download links in the Mac store build', () => {
    expect(ids(nav('en', { platform: 'mas' }))).toEqual(['products', 'diagrams', 'resources', 'support']);
    expect(ids(nav('zh', { platform: 'mas' }))).toEqual(['products', 'business', 'templates', 'support']);
  });

  it('keeps the mind-map app environment to what it can use', () => {
    expect(isMindMapEnvironment({ tend: 'mindmaster', from: null })).toBe(true);
    expect(isMindMapEnvironment({ tend: null, from: 'mindmaster' })).toBe(true);
    expect(isMindMapEnvironment({ tend: 'max', from: 'maxPC' })).toBe(false);
    expect(ids(nav('en', { tend: 'mindmaster' }))).toEqual(['products', 'resources', 'support', 'download']);
    expect(ids(nav('zh', { tend: 'mindmaster' }))).toEqual(['products', 'download', 'templates', 'support']);
  });

  it('points every link at the site of its language, and the sites can be configured', () => {
    for (const language of languages) {
      for (const link of allLinks(nav(language))) expect(link.href).toMatch(/^https:\/\/www\.example\.(cn|com)\//);
    }
    expect(allLinks(nav('fr')).every((link) => link.href.startsWith('https://www.example.com/fr/'))).toBe(true);
    const configured = headerNav({
      language: 'zh',
      context: browser,
      env: { VITE_SITE_URL_DOMESTIC: 'https://www.company.cn/' },
    });
    expect(configured.items[1]?.kind === 'link' && configured.items[1].link.href).toBe(
      'https://www.company.cn/membership',
    );
  });
});
