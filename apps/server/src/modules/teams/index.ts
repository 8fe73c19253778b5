import {
  teamAddMemberCommand,
  teamCreateCommand,
  teamDeleteCommand,
  teamRemoveMemberCommand,
} from './teams.commands.js';
import { defineModule } from '../manifest.js';
import { teamRoutes } from './teams.routes.js';

/** Diagram and project teams (spec 02 §3): the foundation the team screen stands on. */
export const teamsModule = defineModule({
  name: 'teams',
  routes: [teamRoutes],
  commands: [teamCreateCommand, teamAddMemberCommand, teamRemoveMemberCommand, teamDeleteCommand],
  tables: {
    // A team's name is not about a person; the teams the account owns go with it.
    teams: { erase: 'by-database', how: 'a trigger on users.closed_at deletes the teams it owns (migration 704)' },
    team_members: { erase: 'by-database', how: 'the same trigger removes its memberships' },
  },
});
