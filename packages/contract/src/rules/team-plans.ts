/**
 * Team plans (spec 02 §3 "Team plan", "Plan types"; §9): what a team's owner bought or was given
 * for its members, a number of seats each. An authorized member holds one seat of a plan and,
 * through it, the team part of their licence record (`group`, `group_exp`, `group_mobile_exp`).
 */

/** Plan types: 61 one year, 62 lifetime, 63 three years, 70–74 trials of 7 to 90 days, 305 and 306 limited platform. */
export const teamPlanTypes = [61, 62, 63, 70, 71, 72, 73, 74, 305, 306] as const;
export type TeamPlanType = (typeof teamPlanTypes)[number];

/**
 * Each type's term in days, or null for a plan that never expires (62 lifetime; 306, a
 * perpetual licence of one version). 305, the one-year team subscription of the diagram
 * product, runs a year.
 */
export const teamPlanTermDays: Record<TeamPlanType, number | null> = {
  61: 365,
  62: null,
  63: 3 * 365,
  70: 7,
  71: 14,
  72: 30,
  73: 60,
  74: 90,
  305: 365,
  306: null,
};

/** The limited-platform plans license the desktop only; the others desktop and mobile. */
export const desktopOnlyTeamPlanTypes: readonly TeamPlanType[] = [305, 306];

/** Seats of one plan: at least one, at most a team's largest size. */
export const TEAM_PLAN_SEATS_MAX = 100_000;

/** Spec 02 §9: plans and members 10 a page; the plan selection dialog loads up to 100. */
export const TEAM_PLAN_PAGE_SIZE = 10;
export const TEAM_PLAN_SELECTION_SIZE = 100;

export const isTeamPlanType = (value: number): value is TeamPlanType =>
  (teamPlanTypes as readonly number[]).includes(value);

/** The most contacts one multiple add takes: a pasted list beyond it is refused, not cut. */
export const TEAM_CONTACTS_MAX = 100;
