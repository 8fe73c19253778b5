import type { BuyChoice } from '../../lib/buy-link';

/**
 * The purchase screen's company mode (spec 02 §4): the enterprise page's add-time and add-seats
 * buttons lead here with `company=<id>&change=time|seats` (lib/buy-link.ts).
 */
export type CompanyChange = 'time' | 'seats';

/** The company and the change a link names; null when it names no company (the normal purchase). */
export function companyChoice(choice: BuyChoice): { companyId: number | null; change: CompanyChange | null } | null {
  if (choice.company === undefined) return null;
  const companyId = /^[1-9][0-9]{0,9}$/.test(choice.company) ? Number(choice.company) : null;
  const change = choice.change === 'time' || choice.change === 'seats' ? choice.change : null;
  return { companyId, change };
}
