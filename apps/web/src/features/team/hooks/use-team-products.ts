import type { TeamProduct } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { useBuildContext } from '../../../lib/build-context';
import { hasCompanyQueryOptions } from '../api/get-company';
import { teamInfoQueryOptions } from '../api/get-team';

/** The team page's products: the mind-map product's company, and the diagram and project teams. */
export type TeamPageProduct = 'mind' | TeamProduct;

/**
 * The products the switcher offers (spec 02 §2): the mind-map product always; the diagram and
 * project products unless the page is in the mind-map desktop client. The page opens on the
 * first of them in which the user has a team (null until that is known).
 */
export function useTeamProducts(userId: number): {
  products: readonly TeamPageProduct[];
  first: TeamPageProduct | null;
} {
  const { from } = useBuildContext();
  const inMindMapClient = from?.toLowerCase() === 'mindmaster';
  const products: TeamPageProduct[] = inMindMapClient ? ['mind'] : ['mind', 'max', 'proj'];
  const member = {
    mind: useQuery({ ...hasCompanyQueryOptions(userId), enabled: !inMindMapClient }),
    max: useQuery({ ...teamInfoQueryOptions(userId, 'max'), enabled: !inMindMapClient }),
    proj: useQuery({ ...teamInfoQueryOptions(userId, 'proj'), enabled: !inMindMapClient }),
  };
  if (products.length === 1) return { products, first: products[0] ?? null };
  // A product whose team could not be read counts as none here; its view says what failed.
  if (products.some((product) => member[product].isPending)) return { products, first: null };
  return { products, first: products.find((product) => Boolean(member[product].data)) ?? products[0] ?? null };
}
