import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import { expirePoints } from './points.service.js';

/**
 * Each instance lets expired AI points go every `POINTS_SWEEP_SECONDS`: several instances may
 * sweep at once, and each expired grant still leaves exactly once (points.service.ts).
 */
export const pointsSweepPlugin = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, 'expired AI points sweep', app.config.pointsSweepSeconds * 1000, () =>
      expirePoints(app.db, app.clock.now()),
    );
  },
  { name: 'points-sweep', dependencies: ['database'] },
);
