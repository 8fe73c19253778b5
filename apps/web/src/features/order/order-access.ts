import { isPlainCompanyMember } from '@account-centre/contract';
import type { Company } from './api/get-companies';

/**
 * What the order screen loads, by the member rule (spec 01 §4 "Orders are not loaded for
 * members of a company"; spec 02 §6 "members of a mind-map company do not load orders,
 * members or pricing"):
 * - `pending`: the companies have not answered yet, so no purchase data is requested;
 * - `member`: a plain member (user_type 0 or 3) of `company`, whose administrator buys for
 *   it: neither the order history (nor so its receipts) nor the recommendations — the
 *   screen's pricing — are requested;
 * - `all`: a creator or admin, a person in no company, and anyone whose companies could not
 *   be read — the history is their own data, so a failed look-up never hides it.
 */
export type OrderAccess = { kind: 'pending' } | { kind: 'member'; company: Company } | { kind: 'all' };

export function orderAccess(companies: readonly Company[] | undefined, failed: boolean): OrderAccess {
  if (failed) return { kind: 'all' };
  if (companies === undefined) return { kind: 'pending' };
  const company = companies.find((candidate) => isPlainCompanyMember(candidate.user_type));
  return company ? { kind: 'member', company } : { kind: 'all' };
}
