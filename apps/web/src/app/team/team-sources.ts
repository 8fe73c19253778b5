/** What the shell needs to know about one of the user's teams (spec 02 §3, team info). */
export interface TeamSummary {
  /** The product whose team it is (`max` diagram, `proj` project). */
  product: string;
  id: number;
  name: string;
  /** 1 owner, 2 admin, 3 member. */
  role: 1 | 2 | 3;
}

/** Reads the signed-in user's team of one product; null when they have none. */
export interface TeamSource {
  product: string;
  load(userId: number, signal: AbortSignal): Promise<TeamSummary | null>;
}

/**
 * The team APIs the app reads, one per product. The contract has no team routes yet, so the
 * list is empty and nobody has a team: the team entry stays hidden and /team goes to account.
 * The team screen's issue adds its sources here; the shell needs nothing else.
 */
export const teamSources: readonly TeamSource[] = [];
