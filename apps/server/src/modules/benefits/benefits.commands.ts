import {
  aiPointMethodNames,
  AuthErrors,
  balanceKinds,
  isTeamPlanType,
  TeamErrors,
  teamPlanTypes,
} from '@account-centre/contract';
import { randomUUID } from 'node:crypto';
import { UsageError, userIdOrEmailOption } from '../../lib/cli/index.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { balance } from '../grants/index.js';
import { operatorCommand } from '../operator-command.js';
import { endUnlimited, pointsNow } from '../points/index.js';
import { findTeamOwner, planEndOf, planEndOption, planView, teamOption } from '../teams/index.js';
import { lockNamedUser } from '../user/index.js';
import { giveBenefit } from './benefits.js';

/*
 * The operator's commands that give something: they live with the dispatcher, above the modules
 * that keep what they give, so each gives through `giveBenefit` like every other source
 * (docs/decisions/062). Their names and options are the ones the operator has always typed.
 */

export const pointsGrantCommand = operatorCommand({
  name: 'points:grant',
  description:
    'Give a person AI points (or template credit, or income) as an operator, with the reason shown in their acquisition history. --reference makes the grant once only: the same reference again grants nothing more.',
  options: [
    userIdOrEmailOption,
    { kind: 'integer', name: 'amount', description: 'how many, a whole number', required: true },
    {
      kind: 'text',
      name: 'reason',
      description: 'why, for the history and the audit trail',
      required: true,
      nonEmpty: true,
    },
    {
      kind: 'time',
      forever: 'stored',
      name: 'expires',
      description: 'when they expire: unix seconds or YYYY-MM-DD; default never',
    },
    { kind: 'text', name: 'reference', description: 'the operator’s own id for this grant; default a new one' },
    {
      kind: 'choice',
      name: 'method',
      description: 'AI points: how they were acquired, shown in the acquisition history (default other)',
      values: aiPointMethodNames,
    },
    { kind: 'choice', name: 'kind', description: 'default ai_points', values: balanceKinds, default: 'ai_points' },
  ],
  run: async (context, values) => {
    const { user, amount, reason, kind, method } = values;
    const expiresAt = values.expires ?? null;
    const reference = values.reference?.trim() || randomUUID();
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await lockNamedUser(trx, user, AuthErrors.accountNotFound);
      const given = await giveBenefit(
        trx,
        userId,
        { kind, amount, expiresAt, ...(method ? { method } : {}) },
        { kind: 'operator', id: reference, reason },
        now,
      );
      return { grant: given.grant, created: given.created, balance: await balance(trx, userId, kind, now) };
    });
  },
});

export const pointsUnlimitedCommand = operatorCommand({
  name: 'points:unlimited',
  description:
    'Give a person days of unlimited AI use (added to what runs), or end it with --end: while it runs, uses are recorded without touching the balance.',
  options: [
    userIdOrEmailOption,
    { kind: 'integer', name: 'days', description: 'days to add' },
    { kind: 'switch', name: 'end', description: 'end unlimited use now' },
  ],
  run: async (context, { user, days, end }) => {
    if ((days === undefined) === !end) throw new UsageError('give --days or --end');
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await lockNamedUser(trx, user, AuthErrors.accountNotFound);
      if (end) await endUnlimited(trx, userId, now);
      else
        await giveBenefit(
          trx,
          userId,
          { kind: 'unlimited_ai', days: days as number },
          { kind: 'operator', id: `unlimited:${userId}:${now}`, reason: 'unlimited AI days from customer service' },
          now,
        );
      return { user_id: userId, ...(await pointsNow(trx, userId, now)) };
    });
  },
});

export const teamPlanAddCommand = operatorCommand({
  name: 'team:plan-add',
  description:
    "Give a team a plan: a type, its seats, and an end (the type's term from now unless given; lifetime types never end). Once per reference.",
  options: [
    teamOption,
    { kind: 'integer', name: 'type', description: `one of ${teamPlanTypes.join(', ')}`, required: true },
    { kind: 'integer', name: 'seats', description: 'how many members it can authorize', required: true },
    { ...planEndOption, description: 'its end: unix seconds, a date, or forever' },
    {
      kind: 'text',
      name: 'reference',
      description: 'your reference (an order, a ticket): the same one gives the plan once',
    },
  ],
  run: async (context, { team: teamId, type, seats, expires, reference }) => {
    if (!isTeamPlanType(type)) throw operatorInputError('unknown team plan type');
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      // The plan's seats grant is its owner's, as when the owner redeems a code for the team.
      const owner = await findTeamOwner(trx, teamId);
      if (owner === undefined) throw appError(TeamErrors.teamNotFound);
      const given = await giveBenefit(
        trx,
        owner,
        { kind: 'team_plan', team: { id: teamId }, type, seats, expire: planEndOf(expires) },
        {
          kind: 'operator',
          id: reference ?? `team-plan:${teamId}:${randomToken(8)}`,
          reason: 'team plan given by an operator',
        },
        now,
      );
      if (given.refused) throw new Error(`a team plan by the team's id was refused: ${given.refused}`);
      return planView(given.plan, now);
    });
  },
});
