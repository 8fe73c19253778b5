import type { Db } from '../../db/database.js';

/**
 * How a coupon's view finds the code it was bound with. Codes are redeemed by the codes module,
 * which sits above this one (docs/decisions/061) and provides this as `app.boundCodes`, so the
 * coupons module reads no table of codes and imports nothing above it (docs/decisions/069).
 */
export interface BoundCodes {
  /** The last characters of the code of that id, as the account that bound it may see them again. */
  hintOf(db: Db, codeId: number): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    boundCodes: BoundCodes;
  }
}
