import type { TeamProduct } from '@account-centre/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useBuildContext } from '../../lib/build-context';
import type { TeamInfo } from './api/get-team';
import type { TeamRef } from './api/keys';

/** The team on show, as every part of its view needs it. */
export interface CurrentTeam {
  team: TeamInfo;
  /** What the team's calls name: the user, the product, the team id. */
  ref: TeamRef;
  /** The viewer as the role rules take them (contract `rules/team-roles.ts`). */
  viewer: { user_id: number; role: number };
  /** The domestic build: mobiles may be added, the diagram team may be handed over (spec 02 §4, §6). */
  domestic: boolean;
}

const TeamContext = createContext<CurrentTeam | null>(null);

export function CurrentTeamProvider({
  userId,
  product,
  team,
  children,
}: {
  userId: number;
  product: TeamProduct;
  team: TeamInfo;
  children: ReactNode;
}) {
  const { region } = useBuildContext();
  const value = useMemo(
    () => ({
      team,
      ref: { userId, product, groupId: team.id },
      viewer: { user_id: userId, role: team.role },
      domestic: region === 'domestic',
    }),
    [team, userId, product, region],
  );
  return <TeamContext.Provider value={value}>{children}</TeamContext.Provider>;
}

export function useCurrentTeam(): CurrentTeam {
  const value = useContext(TeamContext);
  if (!value) throw new Error('useCurrentTeam outside CurrentTeamProvider');
  return value;
}
