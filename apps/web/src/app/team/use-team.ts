import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { type TeamSource, type TeamSummary, teamSources } from './team-sources';

const teamQueryKey = (userId: number) => ['team', userId] as const;

/** A product whose team API is not there (404) has no team for this user. */
async function loadOrNone(source: TeamSource, userId: number, signal: AbortSignal): Promise<TeamSummary | null> {
  try {
    return await source.load(userId, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The user's teams, over every product the app reads teams of. */
export function teamQueryOptions(userId: number, sources: readonly TeamSource[] = teamSources) {
  return queryOptions({
    queryKey: teamQueryKey(userId),
    queryFn: async ({ signal }) => {
      const found = await Promise.all(sources.map((source) => loadOrNone(source, userId, signal)));
      return found.filter((team): team is TeamSummary => team !== null);
    },
  });
}

export interface TeamState {
  /** `pending` until the team information has loaded (or failed, which counts as no team). */
  status: 'pending' | 'settled';
  teams: TeamSummary[];
  hasTeam: boolean;
}

/** The signed-in user's teams; the team entry appears only once this has loaded (spec 02 §2). */
export function useTeam(sources: readonly TeamSource[] = teamSources): TeamState {
  const session = useSession();
  const query = useQuery({ ...teamQueryOptions(session?.userId ?? 0, sources), enabled: session !== null });
  if (!session) return { status: 'settled', teams: [], hasTeam: false };
  const teams = query.data ?? [];
  return { status: query.isPending ? 'pending' : 'settled', teams, hasTeam: teams.length > 0 };
}
