import {
  getTeamPlansRoute,
  type RouteReply,
  TEAM_PLAN_PAGE_SIZE,
  TEAM_PLAN_SELECTION_SIZE,
} from '@account-centre/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall, pageWindow } from '../../../lib/api';
import { type TeamRef, teamKeys } from './keys';

/** A team plan, marked authorized when the member asked about holds a seat of it. */
export type TeamPlanChoice = RouteReply<typeof getTeamPlansRoute>['data'][number];

export interface PlanPage {
  rows: TeamPlanChoice[];
  /** All the team's plans, for the pager. */
  total: number;
}

/** One page (1-based) of the plan tab, 10 a page (getGroupPlans). */
export function planPageQueryOptions({ userId, product, groupId }: TeamRef, page: number) {
  return queryOptions({
    queryKey: teamKeys.planPage({ userId, product, groupId }, page),
    queryFn: ({ signal }): Promise<PlanPage> =>
      apiCall(getTeamPlansRoute, {
        params: { userId, product },
        query: { group_id: groupId, ...pageWindow(page, TEAM_PLAN_PAGE_SIZE) },
        signal,
      }).then((reply) => ({ rows: reply.data, total: reply.count })),
    // As the member pages: a page seen once is kept until the team changes.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/**
 * The plans a selection offers (spec 02 §9: up to 100), each marked for `memberId` — the caller
 * when null.
 */
export function planChoicesQueryOptions({ userId, product, groupId }: TeamRef, memberId: number | null) {
  return queryOptions({
    queryKey: teamKeys.planChoices({ userId, product, groupId }, memberId),
    queryFn: ({ signal }) =>
      apiCall(getTeamPlansRoute, {
        params: { userId, product },
        query: {
          group_id: groupId,
          count: TEAM_PLAN_SELECTION_SIZE,
          ...(memberId === null ? {} : { user_id: memberId }),
        },
        signal,
      }).then((reply) => reply.data),
  });
}
