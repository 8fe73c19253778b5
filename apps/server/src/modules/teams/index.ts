import {
  teamAddMemberCommand,
  teamCreateCommand,
  teamDeleteCommand,
  teamRemoveMemberCommand,
  teamShowCommand,
} from './teams.commands.js';
import { defineModule } from '../manifest.js';
import {
  teamAuthorizeCommand,
  teamPlanSetCommand,
  teamPlansCommand,
  teamUnauthorizeCommand,
} from './plans.commands.js';
import { releaseSeatsOfClosingAccount } from './plans.service.js';
import { ownedTeamForfeits } from './teams.repository.js';
import { teamRoutes } from './teams.routes.js';

/** Diagram and project teams (spec 02 §3): the foundation the team screen stands on. */
export const teamsModule = defineModule({
  name: 'teams',
  routes: [teamRoutes],
  commands: [
    teamCreateCommand,
    teamAddMemberCommand,
    teamRemoveMemberCommand,
    teamDeleteCommand,
    teamShowCommand,
    teamPlanSetCommand,
    teamPlansCommand,
    teamAuthorizeCommand,
    teamUnauthorizeCommand,
  ],
  closingForfeits: ownedTeamForfeits,
  tables: {
    // A team's name is not about a person; the teams the account owns go with it.
    teams: { erase: 'by-database', how: 'a trigger on users.closed_at deletes the teams it owns (migration 704)' },
    team_members: { erase: 'by-database', how: 'the same trigger removes its memberships' },
    // Plans are the team's (the money behind them is kept as orders); they go with the team.
    team_plans: { personal: false, why: "a team's seats and term; who holds a seat is team_plan_seats" },
    // Before the trigger deletes the teams the account owns, their seats give their licences back.
    team_plan_seats: { erase: 'custom', run: releaseSeatsOfClosingAccount },
  },
});

export { planEndOf, planEndOption, teamOption } from './plans.commands.js';
export { giveBoughtTeamPlan, giveTeamPlan, planView, takeBackBoughtTeamPlan, teamToGrow } from './plans.service.js';
export { findMembership, findTeamOwner } from './teams.repository.js';
