import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import { sweepSignInRecords } from './record-sweep.js';

/**
 * Each instance deletes the sign-in records that can no longer change an answer every
 * `TOKEN_SWEEP_SECONDS` (docs/decisions/039; the setting keeps the name it had when it swept
 * tokens alone). A refresh only adds rows, which keeps it at few statements; instances sweeping
 * at once delete each row once, and a row is past its end for all of them alike.
 */
export const recordSweepPlugin = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, 'expired sign-in record sweep', app.config.tokenSweepSeconds * 1000, () =>
      sweepSignInRecords(app.db, app.clock.now()),
    );
  },
  { name: 'record-sweep', dependencies: ['database'] },
);
