import { type TeamProduct, TeamRole, teamProducts } from '@account-centre/contract';
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

/**
 * The team a link names by its product (spec 02 §8: the upgrade prompt leads to business
 * pricing for the user's team): null when it names none; `unknown` for a product with no teams.
 */
export function teamChoice(choice: BuyChoice): TeamProduct | 'unknown' | null {
  if (choice.team === undefined) return null;
  return teamProducts.includes(choice.team as TeamProduct) ? (choice.team as TeamProduct) : 'unknown';
}

/**
 * Who buys a team's seats: its owner and admins, who manage its members (the contract's
 * `canManageTeam`, written out so the team page's rules stay out of this screen's download;
 * errors.test.ts holds the two equal).
 */
export const mayBuyTeamSeats = (role: number): boolean => role === TeamRole.owner || role === TeamRole.admin;
