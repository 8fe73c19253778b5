import { aiPointMethodNames, AuthErrors, type BalanceKind, balanceKinds } from '@account-centre/contract';
import { randomUUID } from 'node:crypto';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { intFlag, timeFlag } from '../../cli/order-flags.js';
import { recordIdFlag, userRefFlag } from '../../cli/ref-flags.js';
import { giveBenefit } from './benefits.js';
import { balance, revoke } from './grants.service.js';
import { lockNamedUser } from '../user/user.service.js';

const kindOption = { name: 'kind', description: 'default ai_points', values: balanceKinds } as const;

export const pointsGrantCommand: CliCommand = {
  name: 'points:grant',
  description:
    'Give a person AI points (or template credit, or income) as an operator, with the reason shown in their acquisition history. --reference makes the grant once only: the same reference again grants nothing more.',
  options: [
    { name: 'user', description: 'user id or e-mail', required: true },
    { name: 'amount', description: 'how many, a whole number', required: true },
    { name: 'reason', description: 'why, for the history and the audit trail', required: true },
    { name: 'expires', description: 'when they expire: unix seconds or YYYY-MM-DD; default never' },
    { name: 'reference', description: 'the operator’s own id for this grant; default a new one' },
    {
      name: 'method',
      description: 'AI points: how they were acquired, shown in the acquisition history (default other)',
      values: aiPointMethodNames,
    },
    kindOption,
  ],
  run: async (context, flags) => {
    const user = userRefFlag('user', flags.user);
    const amount = intFlag('amount', flags.amount) as number;
    const reason = (flags.reason as string).trim();
    if (!reason) throw new UsageError('--reason must not be empty');
    const expiresAt = timeFlag('expires', flags.expires) ?? null;
    const kind = (flags.kind as BalanceKind | undefined) ?? 'ai_points';
    const reference = flags.reference?.trim() || randomUUID();
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await lockNamedUser(trx, user, AuthErrors.accountNotFound);
      const given = await giveBenefit(
        trx,
        userId,
        { kind, amount, expiresAt, ...(flags.method ? { method: flags.method } : {}) },
        { kind: 'operator', id: reference, reason },
        now,
      );
      return { grant: given.grant, created: given.created, balance: await balance(trx, userId, kind, now) };
    });
  },
};

export const grantRevokeCommand: CliCommand = {
  name: 'grant:revoke',
  description:
    'Take a grant back (a refund, a mistake): what is left of its points or credit is removed with a ledger entry; what was used stays used.',
  options: [
    { name: 'grant', description: 'grant id', required: true },
    { name: 'reason', description: 'why, for the history and the audit trail', required: true },
  ],
  run: async (context, flags) => {
    const grantId = recordIdFlag('grant', flags.grant);
    const reason = (flags.reason as string).trim();
    if (!reason) throw new UsageError('--reason must not be empty');
    const deps = await context.deps();
    return deps.db.transaction().execute((trx) => revoke(trx, grantId, reason, deps.clock.now()));
  },
};
