import type { ParseKeys } from 'i18next';
import type { Language } from '@account-centre/contract';
import type { BuildContext } from '../../lib/build-context';
import { type Env, siteBase } from '../../lib/site-links';

/**
 * Every link of the header, for every variant, region and language (spec 02 §2). The company sites'
 * origins come from lib/site-links.
 */

/** Keys of the header namespace (checked against locales/en/header.json by tsc). */
export type HeaderKey = ParseKeys<'header'>;

export interface NavLink {
  id: string;
  label: HeaderKey;
  /** A one-line description under the label (the wide product menu). */
  description?: HeaderKey;
  href: string;
}

export interface NavGroup {
  /** A heading over the group, when the menu has several. */
  title?: HeaderKey;
  links: NavLink[];
}

export type NavItem =
  | {
      kind: 'link';
      link: NavLink;
      /** the membership link carries the running activity tag */ withActivityTag?: boolean;
    }
  | {
      kind: 'menu';
      id: string;
      label: HeaderKey;
      /** dropdown width in px (spec 02 §9) */ width: number;
      columns: number;
      groups: NavGroup[];
    };

export interface HeaderNav {
  /** `china`: the Simplified Chinese header; `global`: English, Traditional Chinese and the rest. */
  variant: 'china' | 'global';
  items: NavItem[];
  /** The site search, shown as an icon link (global variant only). */
  search: NavLink | null;
}

/** The mind-map app environment: opened for the mind-map product or from its desktop client. */
export function isMindMapEnvironment(context: Pick<BuildContext, 'tend' | 'from'>): boolean {
  return context.tend === 'mindmaster' || context.from?.toLowerCase() === 'mindmaster';
}

type ProductId = 'diagram' | 'mindMap' | 'project' | 'orgChart' | 'infographic' | 'formula' | 'whiteboard';

const products: { id: ProductId; path: string }[] = [
  { id: 'diagram', path: '/products/diagram' },
  { id: 'mindMap', path: '/products/mind-map' },
  { id: 'project', path: '/products/project' },
  { id: 'orgChart', path: '/products/org-chart' },
  { id: 'infographic', path: '/products/infographic' },
  { id: 'formula', path: '/products/formula' },
  { id: 'whiteboard', path: '/products/whiteboard' },
];

/** Spec 01 §6: org chart, formula and project products are not offered in Japanese. */
const notOfferedInJapanese: ReadonlySet<ProductId> = new Set(['orgChart', 'formula', 'project']);

const diagramGroups = [
  { id: 'basic', diagrams: ['flowchart', 'mindMap', 'venn', 'infographic'] },
  { id: 'business', diagrams: ['orgChart', 'gantt', 'timeline', 'fishbone'] },
  { id: 'software', diagrams: ['uml', 'erd', 'network', 'wireframe'] },
  { id: 'engineering', diagrams: ['floorPlan', 'electrical', 'pid', 'mechanical'] },
] as const;

const resources = [
  { id: 'templates', path: '/templates' },
  { id: 'tutorials', path: '/tutorials' },
  { id: 'guide', path: '/guide' },
  { id: 'articles', path: '/articles' },
] as const;

/** Dropdown widths of spec 02 §9. */
export const MENU_WIDTH = { product: 626, productKr: 260, diagrams: 800, resources: 260 } as const;

export interface NavOptions {
  language: Language;
  context: Pick<BuildContext, 'platform' | 'tend' | 'from'>;
  env?: Env;
}

/** The header's items for a language and build. */
export function headerNav({ language, context, env }: NavOptions): HeaderNav {
  const base = siteBase(language, env);
  const link = (id: string, label: HeaderKey, path: string, description?: HeaderKey): NavLink => ({
    id,
    label,
    href: `${base}${path}`,
    ...(description ? { description } : {}),
  });
  // The Mac store build may not send buyers to an outside store, and has no download page to
  // offer (it updates through the store); the mind-map app sells and installs through the app.
  const appStore = context.platform === 'mas';
  const mindMapApp = isMindMapEnvironment(context);
  // The Korean and Japanese sites carry no diagram catalogue and no search.
  const smallSite = language === 'jp' || language === 'kr';

  const productMenu: NavItem = {
    kind: 'menu',
    id: 'products',
    label: 'nav.products',
    // Korean labels are short and the Korean site lists products without descriptions.
    width: language === 'kr' ? MENU_WIDTH.productKr : MENU_WIDTH.product,
    columns: language === 'kr' ? 1 : 2,
    groups: [
      {
        links: products
          .filter((product) => !(language === 'jp' && notOfferedInJapanese.has(product.id)))
          .map((product) =>
            link(
              product.id,
              `products.${product.id}.name`,
              product.path,
              language === 'kr' ? undefined : `products.${product.id}.description`,
            ),
          ),
      },
    ],
  };

  if (language === 'zh') {
    const items: (NavItem | false)[] = [
      productMenu,
      !appStore &&
        !mindMapApp && {
          kind: 'link',
          link: link('membership', 'nav.membership', '/membership'),
          withActivityTag: true,
        },
      !mindMapApp && { kind: 'link', link: link('business', 'nav.business', '/business') },
      !appStore && { kind: 'link', link: link('download', 'nav.download', '/download') },
      { kind: 'link', link: link('templates', 'nav.templateCommunity', '/templates') },
      { kind: 'link', link: link('support', 'nav.support', '/support') },
    ];
    return { variant: 'china', items: items.filter((item): item is NavItem => item !== false), search: null };
  }

  const items: (NavItem | false)[] = [
    productMenu,
    !smallSite &&
      !mindMapApp && {
        kind: 'menu',
        id: 'diagrams',
        label: 'nav.diagrams',
        width: MENU_WIDTH.diagrams,
        columns: diagramGroups.length,
        groups: diagramGroups.map((group) => ({
          title: `diagrams.groups.${group.id}`,
          links: group.diagrams.map((id) => link(id, `diagrams.items.${id}`, `/diagrams/${kebab(id)}`)),
        })),
      },
    {
      kind: 'menu',
      id: 'resources',
      label: 'nav.resources',
      width: MENU_WIDTH.resources,
      columns: 1,
      groups: [{ links: resources.map((item) => link(item.id, `resources.${item.id}`, item.path)) }],
    },
    { kind: 'link', link: link('support', 'nav.support', '/support') },
    !appStore && { kind: 'link', link: link('download', 'nav.download', '/download') },
    // The running campaign's tag of the overseas region sits on the pricing link, as the
    // domestic one sits on membership: the link to what the campaign is about.
    !appStore &&
      !mindMapApp && { kind: 'link', link: link('pricing', 'nav.pricing', '/pricing'), withActivityTag: true },
  ];
  return {
    variant: 'global',
    items: items.filter((item): item is NavItem => item !== false),
    search: smallSite ? null : link('search', 'nav.search', '/search'),
  };
}

function kebab(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
