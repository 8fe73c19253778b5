import { TEAM_MEMBER_LIMIT_MAX, TEAM_NAME_MAX_LENGTH, teamProducts } from '@account-centre/contract';
import { memberCommands, operatorCommand } from '../operator-command.js';
import { teamPlans } from './plans.service.js';
import { seatsOfTeam } from './teams.repository.js';
import {
  type AddedTeamRole,
  addTeamMember,
  createTeam,
  deleteTeam,
  removeTeamMember,
  teamDetails,
} from './teams.service.js';

const teamOption = { kind: 'id', name: 'team', description: 'team id', required: true } as const;

export const teamCreateCommand = operatorCommand({
  name: 'team:create',
  description: `Create a diagram (max) or project (proj) team with its owner, who counts as its first member: a name of 1–${TEAM_NAME_MAX_LENGTH} characters, room for 1–${TEAM_MEMBER_LIMIT_MAX} members. Refused when the owner is already in a team of the product.`,
  options: [
    {
      kind: 'choice',
      name: 'product',
      description: 'max (diagram) or proj (project)',
      required: true,
      values: teamProducts,
    },
    { kind: 'text', name: 'name', description: `team name, 1–${TEAM_NAME_MAX_LENGTH} characters`, required: true },
    { kind: 'user', byEmail: true, name: 'owner', description: 'the owner: user id or e-mail', required: true },
    {
      kind: 'integer',
      name: 'members',
      description: 'how many people may belong to it, the owner included',
      required: true,
    },
  ],
  run: async (context, { product, name, owner, members }) => {
    const input = { product, name, owner, memberLimit: members };
    const deps = await context.deps();
    return createTeam(deps.db, input, deps.clock.now());
  },
});

export const [teamAddMemberCommand, teamRemoveMemberCommand] = memberCommands({
  group: 'team',
  addDescription:
    'Add a person to a team as member (default) or admin. Refused when the team is full (group num limit) or the person is in a team of the product already.',
  removeDescription: 'Take an admin or member out of a team, freeing the place. The owner cannot be removed.',
  add: ({ db, clock }, { groupId, user, role }) =>
    addTeamMember(db, { teamId: groupId, user, role: role satisfies AddedTeamRole }, clock.now()),
  remove: ({ db, clock }, { groupId, user }) => removeTeamMember(db, { teamId: groupId, user }, clock.now()),
});

export const teamDeleteCommand = operatorCommand({
  name: 'team:delete',
  description: 'Delete a team with all its memberships; prints the team as it was.',
  options: [teamOption],
  run: async (context, { team: teamId }) => {
    const deps = await context.deps();
    return deleteTeam(deps.db, teamId, deps.clock.now());
  },
});

export const teamShowCommand = operatorCommand({
  name: 'team:show',
  description:
    'Show a team: its name, product and places, its members (owner first) with the plans each holds a seat of, and its plans.',
  options: [teamOption],
  run: async (context, { team: teamId }) => {
    const deps = await context.deps();
    const team = await teamDetails(deps.db, teamId);
    const seats = await seatsOfTeam(deps.db, teamId);
    return {
      ...team,
      members: team.members.map((member) => ({
        ...member,
        plan_ids: seats.filter((seat) => seat.user_id === member.user_id).map((seat) => seat.plan_id),
      })),
      plans: await teamPlans(deps.db, teamId, deps.clock.now()),
    };
  },
});
