import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BoundCodes } from '../coupons/index.js';
import { findCodeHint } from './codes.repository.js';

/** The code a coupon was bound with, for the coupons module's view of it (coupons/bound-codes.ts). */
export const boundCodes: BoundCodes = {
  hintOf: async (db, codeId) => (await findCodeHint(db, codeId)) ?? null,
};

export const boundCodesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('boundCodes', boundCodes);
  },
  { name: 'bound-codes' },
);
