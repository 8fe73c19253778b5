import type { TeamInfo } from './api/get-team';

/**
 * Which rows of a plan selection can be ticked (spec 02 §4 "Plan table row selectability"), by
 * what the selection is for:
 * - `add`: a person joining holds nothing yet; an expired plan authorizes nobody;
 * - `authorize`: plans already held, and expired ones, are disabled;
 * - `unauthorize`: only the plans held can be ticked;
 * - `edit`: a member's plans, ticked as they hold them: a held plan can be unticked, an expired
 *   one not held cannot be ticked.
 */
export type PlanSelectionPurpose = 'add' | 'authorize' | 'unauthorize' | 'edit';

export function planSelectable(
  plan: { id: number; is_expired: boolean },
  purpose: PlanSelectionPurpose,
  held: ReadonlySet<number>,
): boolean {
  const holds = held.has(plan.id);
  switch (purpose) {
    case 'add':
      return !plan.is_expired;
    case 'authorize':
      return !holds && !plan.is_expired;
    case 'unauthorize':
      return holds;
    case 'edit':
      return holds || !plan.is_expired;
  }
}

/** The plans every one of the members holds: authorizing them again would change nothing. */
export function heldByAll(members: readonly { plan: readonly { id: number }[] }[]): Set<number> {
  const [first, ...rest] = members;
  if (!first) return new Set();
  return new Set(
    first.plan.map((plan) => plan.id).filter((id) => rest.every((member) => member.plan.some((p) => p.id === id))),
  );
}

/** For a person joining: they hold no plan yet. */
export const NOTHING_HELD: ReadonlySet<number> = new Set();

export type SeatChange = 'authorize' | 'unauthorize';

/**
 * The plans the owner's own seat can change on (spec 02 §4): to authorize, the plans still
 * running that they lack; to unauthorize, the plans they hold.
 */
export function ownSeatPlans(team: Pick<TeamInfo, 'plan' | 'plan_ids'>, change: SeatChange) {
  const held = new Set(team.plan_ids);
  return team.plan.filter((plan) =>
    change === 'authorize' ? !plan.is_expired && !held.has(plan.id) : held.has(plan.id),
  );
}
