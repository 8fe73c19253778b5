import { AuthErrors } from '@account-centre/contract';
import { userIdOrEmailOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { lockNamedUser } from '../user/index.js';
import {
  acquisitions,
  expirePoints,
  pointsNow,
  remindExpiringPoints,
  usagePage,
} from './points.service.js';
import { history } from '../grants/index.js';

export const pointsExpireCommand = operatorCommand({
  name: 'points:expire',
  description:
    'Let expired AI points go now, as every instance does each POINTS_SWEEP_SECONDS: each expired grant leaves once, with a usage row of code 2001.',
  options: [],
  run: async (context) => {
    const deps = await context.deps();
    const now = deps.clock.now();
    let total = { grants: 0, points: 0 };
    // In rounds of 500 grants until none is left.
    for (;;) {
      const round = await expirePoints(deps.db, now);
      total = { grants: total.grants + round.grants, points: total.points + round.points };
      if (round.grants === 0) return total;
    }
  },
});

export const pointsRemindCommand = operatorCommand({
  name: 'points:remind',
  description:
    'Tell holders of AI points expiring within 7 days now, as every instance does each POINTS_SWEEP_SECONDS: one message per grant, ever.',
  options: [],
  run: async (context) => {
    const deps = await context.deps();
    const now = deps.clock.now();
    let told = 0;
    // In rounds of 500 grants until none is left.
    for (;;) {
      const round = await remindExpiringPoints(deps.db, now);
      told += round;
      if (round === 0) return { reminded: told };
    }
  },
});

export const pointsLedgerCommand = operatorCommand({
  name: 'points:ledger',
  description:
    'A person’s AI points and template credit: balances, unlimited use, every acquisition, the latest uses and the latest ledger entries of both.',
  options: [userIdOrEmailOption],
  run: async (context, { user }) => {
    const deps = await context.deps();
    const now = deps.clock.now();
    const userId = await deps.db.transaction().execute((trx) => lockNamedUser(trx, user, AuthErrors.accountNotFound));
    const [points, grants, uses, pointEntries, creditEntries] = await Promise.all([
      pointsNow(deps.db, userId, now),
      acquisitions(deps.db, userId),
      usagePage(deps.db, userId, 1, 50),
      history(deps.db, userId, 'ai_points', { page: 1, pageSize: 50 }),
      history(deps.db, userId, 'template_credit', { page: 1, pageSize: 50 }),
    ]);
    return {
      user_id: userId,
      ai_points: {
        ...points,
        acquisitions: grants,
        uses: uses.data,
        uses_in_all: uses.count,
        ledger: pointEntries.data,
      },
      template_credit: { ledger: creditEntries.data },
    };
  },
});
