import { aiPointMethodNames, AuthErrors, balanceKinds } from '@account-centre/contract';
import { randomUUID } from 'node:crypto';
import { userIdOrEmailOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { giveBenefit } from './benefits.js';
import { balance, revoke } from './grants.service.js';
import { lockNamedUser } from '../user/user.service.js';

const reasonOption = {
  kind: 'text',
  name: 'reason',
  description: 'why, for the history and the audit trail',
  required: true,
  nonEmpty: true,
} as const;

export const pointsGrantCommand = operatorCommand({
  name: 'points:grant',
  description:
    'Give a person AI points (or template credit, or income) as an operator, with the reason shown in their acquisition history. --reference makes the grant once only: the same reference again grants nothing more.',
  options: [
    userIdOrEmailOption,
    { kind: 'integer', name: 'amount', description: 'how many, a whole number', required: true },
    reasonOption,
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

export const grantRevokeCommand = operatorCommand({
  name: 'grant:revoke',
  description:
    'Take a grant back (a refund, a mistake): what is left of its points or credit is removed with a ledger entry; what was used stays used.',
  options: [{ kind: 'id', name: 'grant', description: 'grant id', required: true }, reasonOption],
  run: async (context, { grant: grantId, reason }) => {
    const deps = await context.deps();
    return deps.db.transaction().execute((trx) => revoke(trx, grantId, reason, deps.clock.now()));
  },
});
