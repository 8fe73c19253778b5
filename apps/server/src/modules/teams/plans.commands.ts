import { TeamErrors } from '@account-centre/contract';
import { appError } from '../../lib/errors.js';
import { operatorCommand } from '../operator-command.js';
import { findOpenUser } from '../user/index.js';
import { authorizeSeat, changeTeamPlan, teamPlans, unauthorizeSeat } from './plans.service.js';

/** The options a team plan's commands share, here and where a plan is given (modules/benefits). */
export const teamOption = { kind: 'id', name: 'team', description: 'team id', required: true } as const;
const planOption = { kind: 'id', name: 'plan', description: 'plan id', required: true } as const;
/** A plan's end: absent (the default), `forever` (never ends), or a moment. */
export const planEndOption = { kind: 'time', forever: 'word', name: 'expires' } as const;
/** A plan's end as the option gives it: absent, null (never ends) or a moment. */
export const planEndOf = (expires: number | 'forever' | undefined) => (expires === 'forever' ? null : expires);

export const teamPlanSetCommand = operatorCommand({
  name: 'team:plan-set',
  description: "Change a team plan's seats (not below those taken) or its end (every seat's licence follows).",
  options: [
    planOption,
    { kind: 'integer', name: 'seats', description: 'how many members it can authorize' },
    { ...planEndOption, description: 'its new end: unix seconds, a date, or forever' },
  ],
  run: async (context, { plan, seats, expires }) => {
    const deps = await context.deps();
    return changeTeamPlan(deps.db, { planId: plan, seats, expire: planEndOf(expires) }, deps.clock.now());
  },
});

export const teamPlansCommand = operatorCommand({
  name: 'team:plans',
  description: "List a team's plans: type, end, seats and seats taken.",
  options: [teamOption],
  run: async (context, { team }) => {
    const deps = await context.deps();
    return teamPlans(deps.db, team, deps.clock.now());
  },
});

const seatOptions = [
  teamOption,
  planOption,
  { kind: 'user', byEmail: true, name: 'user', description: 'the member: user id or e-mail', required: true },
] as const;

/** A command on a member's seat of a plan: the member found (an open account), `act` gives or takes the seat. */
function seatCommand(
  name: string,
  description: string,
  act: (...seat: Parameters<typeof authorizeSeat>) => Promise<unknown>,
) {
  return operatorCommand({
    name,
    description,
    options: seatOptions,
    run: async (context, { team, plan, user: named }) => {
      const deps = await context.deps();
      const user = await findOpenUser(deps.db, named);
      if (!user) throw appError(TeamErrors.userNotFound);
      return act(deps.db, { teamId: team, planId: plan, userId: user.id }, deps.clock.now());
    },
  });
}

export const teamAuthorizeCommand = seatCommand(
  'team:authorize',
  'Authorize a member on a plan: a seat, and the team licence with it (group num limit when full).',
  authorizeSeat,
);

export const teamUnauthorizeCommand = seatCommand(
  'team:unauthorize',
  "Unauthorize a member on a plan: the seat is free again and the member's team licence goes.",
  unauthorizeSeat,
);
