import {
  getTeamMembersRoute,
  type RouteReply,
  TEAM_PLAN_PAGE_SIZE,
  TEAM_PLAN_SELECTION_SIZE,
  type TeamProduct,
} from '@account-centre/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { type TeamRef, teamKeys } from './keys';

export type TeamMember = RouteReply<typeof getTeamMembersRoute>['data'][number];

export interface MemberPage {
  rows: TeamMember[];
  /** Members matching the search, for the pager. */
  total: number;
}

const readMembers = (
  { userId, product, groupId }: TeamRef,
  offset: number,
  count: number,
  signal: AbortSignal,
  search = '',
) =>
  apiCall(getTeamMembersRoute, {
    params: { userId, product },
    query: { group_id: groupId, offset, count, ...(search ? { search } : {}) },
    signal,
  }).then((reply): MemberPage => ({ rows: reply.data, total: reply.count }));

/** One page (1-based) of the members, 10 a page, those matching `search` when given (getGroupMembers). */
export function memberPageQueryOptions(team: TeamRef, search: string, page: number) {
  return queryOptions({
    queryKey: teamKeys.memberPage(team, search, page),
    queryFn: ({ signal }) => readMembers(team, (page - 1) * TEAM_PLAN_PAGE_SIZE, TEAM_PLAN_PAGE_SIZE, signal, search),
    // Spec 02 §4: a page seen once is not fetched again when revisited; a search or any change
    // to the team drops the pages (useForgetMemberPages, teamChanged).
    staleTime: Infinity,
    // The page on show stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Every member, a hundred at a time: the people the owner may hand the team to. */
export function memberChoicesQueryOptions(team: TeamRef) {
  return infiniteQueryOptions({
    queryKey: teamKeys.memberChoices(team),
    queryFn: ({ signal, pageParam }) => readMembers(team, pageParam, TEAM_PLAN_SELECTION_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return read < last.total && last.rows.length > 0 ? read : undefined;
    },
  });
}

/** Forgets every page of every search: a new search starts from a clean cache (spec 02 §4). */
export function useForgetMemberPages(userId: number, product: TeamProduct) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: teamKeys.members(userId, product) });
}
