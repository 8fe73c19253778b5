import type { TeamProduct, TeamPlanType, TeamRoleValue } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A team of the diagram (`max`) or project (`proj`) product (spec 02 §3 "Team info"). */
export interface TeamsTable {
  id: Generated<number>;
  product: TeamProduct;
  name: string;
  /** How many people may belong to it, the owner included. */
  member_limit: number;
  created_at: number;
  updated_at: number;
}

/**
 * A person's place in a team: 1 owner, 2 admin, 3 member (spec 02 §6). `product` repeats the
 * team's (a composite foreign key keeps them equal) so that one team per person and product
 * is a unique index.
 */
export interface TeamMembersTable {
  team_id: number;
  product: TeamProduct;
  user_id: number;
  role: TeamRoleValue;
  joined_at: number;
}

/** A plan of a team (spec 02 §3 "Team plan"): seats for its members. */
export interface TeamPlansTable {
  id: Generated<number>;
  team_id: number;
  type: TeamPlanType;
  max_num: number;
  /** Seats taken, kept by the database from the seat rows. */
  plan_num: Generated<number>;
  /** Null: never expires. */
  expire: number | null;
  grant_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A member authorized on a plan: one seat, and the licence grant it gives. */
export interface TeamPlanSeatsTable {
  plan_id: number;
  team_id: number;
  user_id: number;
  licence_grant_id: number;
  created_at: number;
}

declare module '../../db/db.js' {
  /** The tables the teams module owns (docs/architecture.md#table-owners). */
  interface Database {
    teams: TeamsTable;
    team_members: TeamMembersTable;
    team_plans: TeamPlansTable;
    team_plan_seats: TeamPlanSeatsTable;
  }
}
