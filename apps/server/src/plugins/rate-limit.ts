import { CommonErrors } from '@account-centre/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../lib/errors.js';

/**
 * A per-IP ceiling on every API route, counted in Redis when REDIS_URL is set so that all
 * instances share it. Sign-in routes add their own, tighter limits in the database.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimit.max,
      timeWindow: app.config.rateLimit.windowSeconds * 1000,
      ...(app.redis ? { redis: app.redis, nameSpace: 'account-centre:rl:' } : {}),
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => {
        const error = appError(CommonErrors.tooFrequent, { retry_after: Math.ceil(context.ttl / 1000) });
        return error as unknown as { statusCode: number };
      },
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
