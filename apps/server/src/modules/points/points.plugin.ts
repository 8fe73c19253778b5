import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic.js';
import { expirePoints, remindExpiringPoints } from './points.service.js';

/**
 * Each instance lets expired AI points go every `POINTS_SWEEP_SECONDS`, and tells holders of
 * points expiring within 7 days: several instances may sweep at once, and each expired grant
 * still leaves exactly once, each reminder is still sent once (points.service.ts).
 */
export const pointsSweepPlugin = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, 'expired AI points sweep', app.config.pointsSweepSeconds * 1000, async () => {
      await expirePoints(app.db, app.clock.now());
      await remindExpiringPoints(app.db, app.clock.now());
    });
  },
  { name: 'points-sweep', dependencies: ['database'] },
);
