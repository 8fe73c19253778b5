import type { TeamProduct } from '@account-centre/contract';
import type { QueryClient } from '@tanstack/react-query';

/** A team as its calls name it: the user calling, the product, and the team (group) id. */
export interface TeamRef {
  userId: number;
  product: TeamProduct;
  groupId: number;
}

/**
 * Query keys of the team screen, each defined once: the queries use them and the mutations
 * invalidate through them (docs/architecture.md#web-conventions).
 */
export const teamKeys = {
  all: (userId: number) => ['user', userId, 'team-screen'] as const,
  /**
   * The user's mind-map companies: the enterprise page, and the product the screen opens on. The
   * enterprise page's own keys extend it (company/api/keys.ts).
   */
  company: (userId: number) => [...teamKeys.all(userId), 'company'] as const,
  /** Everything the screen shows of one product's team: a change drops all of it. */
  product: (userId: number, product: TeamProduct) => [...teamKeys.all(userId), product] as const,
  info: (userId: number, product: TeamProduct) => [...teamKeys.product(userId, product), 'info'] as const,
  members: (userId: number, product: TeamProduct) => [...teamKeys.product(userId, product), 'members'] as const,
  /** One key per page and search (spec 02 §4: a revisited page is not fetched again). */
  memberPage: ({ userId, product, groupId }: TeamRef, search: string, page: number) =>
    [...teamKeys.members(userId, product), { groupId, search, page }] as const,
  /** The whole member list, a hundred at a time, for the transfer dialog's choice of owner. */
  memberChoices: ({ userId, product, groupId }: TeamRef) =>
    [...teamKeys.members(userId, product), 'choices', groupId] as const,
  plans: (userId: number, product: TeamProduct) => [...teamKeys.product(userId, product), 'plans'] as const,
  planPage: ({ userId, product, groupId }: TeamRef, page: number) =>
    [...teamKeys.plans(userId, product), { groupId, page }] as const,
  /** Up to 100 plans, marked for one member (the caller when null), for the plan selection. */
  planChoices: ({ userId, product, groupId }: TeamRef, memberId: number | null) =>
    [...teamKeys.plans(userId, product), 'choices', { groupId, memberId }] as const,
  /**
   * The shell's summary of the user's teams (app/team/use-team.ts), which the menu entry and the
   * route guard read. Named here rather than imported: features do not import app/.
   */
  shell: (userId: number) => ['team', userId] as const,
};

/**
 * After any change to a team: its info, members and plans are read again (spec 02 §4: the
 * per-page cache is cleared on any change), and, when the change can touch the team's name or
 * whether the user is still in it (rename, transfer, leaving), the shell's summary too.
 */
export function teamChanged(
  queryClient: QueryClient,
  userId: number,
  product: TeamProduct,
  { shell = false }: { shell?: boolean } = {},
): Promise<void> {
  const keys = [teamKeys.product(userId, product), ...(shell ? [teamKeys.shell(userId)] : [])];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
