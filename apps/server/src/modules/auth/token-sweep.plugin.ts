import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import { deleteExpiredTokens } from './auth.repository.js';

/**
 * Each instance deletes access and refresh tokens past their end every `TOKEN_SWEEP_SECONDS`
 * (docs/decisions/039). A refresh only adds rows, which keeps it at few statements; instances
 * sweeping at once delete each row once, and a row is past its end for all of them alike.
 */
export const tokenSweepPlugin = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, 'expired token sweep', app.config.tokenSweepSeconds * 1000, () =>
      deleteExpiredTokens(app.db, app.clock.now()),
    );
  },
  { name: 'token-sweep', dependencies: ['database'] },
);
