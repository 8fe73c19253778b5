import { TeamErrors, teamPlanTypes } from '@account-centre/contract';
import type { CliCommand, CliContext, CliFlags } from '../../cli/cli.js';
import { intFlag, timeFlag } from '../../cli/order-flags.js';
import { recordIdFlag, userRefFlag } from '../../cli/ref-flags.js';
import { appError } from '../../lib/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { findOpenUser } from '../user/user.repository.js';
import { addTeamPlan, authorizeSeat, changeTeamPlan, teamPlans, unauthorizeSeat } from './plans.service.js';

const teamOption = { name: 'team', description: 'team id', required: true } as const;
const planOption = { name: 'plan', description: 'plan id', required: true } as const;

export const teamPlanAddCommand: CliCommand = {
  name: 'team:plan-add',
  description:
    "Give a team a plan: a type, its seats, and an end (the type's term from now unless given; lifetime types never end). Once per reference.",
  options: [
    teamOption,
    { name: 'type', description: `one of ${teamPlanTypes.join(', ')}`, required: true },
    { name: 'seats', description: 'how many members it can authorize', required: true },
    { name: 'expires', description: 'its end: unix seconds, a date, or forever' },
    { name: 'reference', description: 'your reference (an order, a ticket): the same one gives the plan once' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const now = deps.clock.now();
    const teamId = recordIdFlag('team', flags.team);
    return addTeamPlan(
      deps.db,
      {
        teamId,
        type: intFlag('type', flags.type) as number,
        seats: intFlag('seats', flags.seats) as number,
        expire: expiryFlag(flags.expires),
        source: {
          kind: 'operator',
          id: flags.reference ?? `team-plan:${teamId}:${randomToken(8)}`,
          reason: 'team plan given by an operator',
        },
      },
      now,
    );
  },
};

export const teamPlanSetCommand: CliCommand = {
  name: 'team:plan-set',
  description: "Change a team plan's seats (not below those taken) or its end (every seat's licence follows).",
  options: [
    planOption,
    { name: 'seats', description: 'how many members it can authorize' },
    { name: 'expires', description: 'its new end: unix seconds, a date, or forever' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return changeTeamPlan(
      deps.db,
      {
        planId: recordIdFlag('plan', flags.plan),
        seats: intFlag('seats', flags.seats),
        expire: expiryFlag(flags.expires),
      },
      deps.clock.now(),
    );
  },
};

export const teamPlansCommand: CliCommand = {
  name: 'team:plans',
  description: "List a team's plans: type, end, seats and seats taken.",
  options: [teamOption],
  run: async (context, flags) => {
    const deps = await context.deps();
    return teamPlans(deps.db, recordIdFlag('team', flags.team), deps.clock.now());
  },
};

async function seatInput(context: CliContext, flags: CliFlags) {
  const deps = await context.deps();
  const user = await findOpenUser(deps.db, userRefFlag('user', flags.user));
  if (!user) throw appError(TeamErrors.userNotFound);
  return {
    deps,
    input: { teamId: recordIdFlag('team', flags.team), planId: recordIdFlag('plan', flags.plan), userId: user.id },
  };
}

const seatOptions = [
  teamOption,
  planOption,
  { name: 'user', description: 'the member: user id or e-mail', required: true },
];

export const teamAuthorizeCommand: CliCommand = {
  name: 'team:authorize',
  description: 'Authorize a member on a plan: a seat, and the team licence with it (group num limit when full).',
  options: seatOptions,
  run: async (context, flags) => {
    const { deps, input } = await seatInput(context, flags);
    return authorizeSeat(deps.db, input, deps.clock.now());
  },
};

export const teamUnauthorizeCommand: CliCommand = {
  name: 'team:unauthorize',
  description: "Unauthorize a member on a plan: the seat is free again and the member's team licence goes.",
  options: seatOptions,
  run: async (context, flags) => {
    const { deps, input } = await seatInput(context, flags);
    return unauthorizeSeat(deps.db, input, deps.clock.now());
  },
};

/** `--expires`: absent (the default), `forever` (never ends), or a moment. */
function expiryFlag(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'forever') return null;
  return timeFlag('expires', value);
}
