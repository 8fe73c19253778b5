import type { TeamProduct } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { productOf, useBuildContext } from '../../../lib/build-context';
import { teamInfoQueryOptions } from '../api/get-team';
import { companiesQueryOptions } from '../company/api/get-companies';

/** The team page's products: the mind-map product's company, and the diagram and project teams. */
export type TeamPageProduct = 'mind' | TeamProduct;

const hasAny = (companies: readonly unknown[]) => companies.length > 0;

/** The team page's product of each build product. */
const ownProduct: Record<string, TeamPageProduct | undefined> = { max: 'max', project: 'proj', mindmaster: 'mind' };

/**
 * The products the switcher offers (spec 02 §2): the mind-map product always; the diagram and
 * project products unless the page is in the mind-map desktop client. The page opens on the
 * first of them in which the user has a team (null until that is known) — the build's own
 * product first (`tend`, or the desktop client's product) —, or on the mind-map product at once
 * when the address brings an invitation to a company (`invited`).
 */
export function useTeamProducts(
  userId: number,
  { invited = false }: { invited?: boolean } = {},
): {
  products: readonly TeamPageProduct[];
  first: TeamPageProduct | null;
} {
  const build = useBuildContext();
  const inMindMapClient = build.from?.toLowerCase() === 'mindmaster';
  const products: TeamPageProduct[] = inMindMapClient ? ['mind'] : ['mind', 'max', 'proj'];
  const member = {
    mind: useQuery({ ...companiesQueryOptions(userId), enabled: !inMindMapClient, select: hasAny }),
    max: useQuery({ ...teamInfoQueryOptions(userId, 'max'), enabled: !inMindMapClient }),
    proj: useQuery({ ...teamInfoQueryOptions(userId, 'proj'), enabled: !inMindMapClient }),
  };
  if (products.length === 1 || invited) return { products, first: 'mind' };
  // A product whose team could not be read counts as none here; its view says what failed.
  if (products.some((product) => member[product].isPending)) return { products, first: null };
  const own = ownProduct[productOf(build) ?? 'none'];
  const byPreference = own ? [own, ...products.filter((product) => product !== own)] : products;
  return { products, first: byPreference.find((product) => Boolean(member[product].data)) ?? products[0] ?? null };
}
