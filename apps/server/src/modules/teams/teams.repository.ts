import { type TeamProduct, TeamRole, type TeamRoleValue, type ClosingForfeitItem } from '@account-centre/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TeamMembersTable, TeamPlanSeatsTable, TeamPlansTable, TeamsTable } from './teams.tables.js';
import type { userIdsMatching } from '../user/index.js';

/**
 * Locks a team's row for the rest of the transaction, so the members of one team are added
 * one at a time and their count can be trusted until the commit. No row back → no such team.
 */
export function lockTeam(db: Db, teamId: number, now: number) {
  return db
    .updateTable('teams')
    .set({ updated_at: now })
    .where('id', '=', teamId)
    .returning(['id', 'product', 'member_limit', 'name'])
    .executeTakeFirst();
}

export function insertTeam(db: Db, row: Insertable<TeamsTable>) {
  return db.insertInto('teams').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Deletes a team; its members go with it (the foreign key cascades). */
export function deleteTeam(db: Db, teamId: number) {
  return db.deleteFrom('teams').where('id', '=', teamId).returning('id').executeTakeFirst();
}

export function insertMember(db: Db, row: TeamMembersTable) {
  return db.insertInto('team_members').values(row).execute();
}

export function deleteMember(db: Db, teamId: number, userId: number) {
  return db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

export function setRole(db: Db, teamId: number, userId: number, role: TeamRoleValue) {
  return db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function countMembers(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number | string>().as('member_num'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row.member_num);
}

/** The person's team of a product, if any: one at most (the unique index team_members_one_team). */
export function findMembership(db: Db, userId: number, product: TeamProduct) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'role'])
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .executeTakeFirst();
}

/** A team with its number of members (`member_num`, the owner included). */
function teamsWithMemberNum(db: Db) {
  return db.selectFrom('teams').select((eb) => [
    'teams.id',
    'teams.product',
    'teams.name',
    'teams.member_limit',
    'teams.created_at',
    eb
      .selectFrom('team_members as counted')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .whereRef('counted.team_id', '=', 'teams.id')
      .as('member_num'),
  ]);
}

export function findTeam(db: Db, teamId: number) {
  return teamsWithMemberNum(db).where('teams.id', '=', teamId).executeTakeFirst();
}

/** The user's team of a product with the user's role in it and the owner's id. */
export function teamOfUser(db: Db, userId: number, product: TeamProduct) {
  return teamsWithMemberNum(db)
    .innerJoin('team_members as me', 'me.team_id', 'teams.id')
    .innerJoin('team_members as owner', (join) =>
      join.onRef('owner.team_id', '=', 'teams.id').on('owner.role', '=', TeamRole.owner),
    )
    .select(['me.role', 'owner.user_id as owner_id'])
    .where('me.user_id', '=', userId)
    .where('me.product', '=', product)
    .executeTakeFirst();
}

/** Members of a team: the owner first, then admins, then members, each by joining (spec 02 §4). */
export function membersOf(db: Db, teamId: number) {
  return membersInListOrder(db, teamId).execute();
}

/** The id of the team's owner (its member of role 1), or undefined where there is no such team. */
export async function findTeamOwner(db: Db, teamId: number): Promise<number | undefined> {
  const owner = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('role', '=', TeamRole.owner)
    .executeTakeFirst();
  return owner?.user_id;
}

/** The user id of a team's owner (every team has one). */
export async function ownerOf(db: Db, teamId: number): Promise<number> {
  const owner = await findTeamOwner(db, teamId);
  if (owner === undefined) throw new Error(`team ${teamId} has no owner`);
  return owner;
}

/**
 * What closing the account gives up here (modules/manifest.ts `closingForfeits`): the teams it
 * owns, which a trigger deletes with it, and how many other people lose their place in them.
 */
export async function ownedTeamForfeits(db: Db, userId: number): Promise<ClosingForfeitItem[]> {
  const owned = await db
    .selectFrom('team_members as owned')
    .leftJoin('team_members as other', (join) =>
      join.onRef('other.team_id', '=', 'owned.team_id').on('other.user_id', '!=', userId),
    )
    .select((eb) => [
      eb.fn.count<number>('owned.team_id').distinct().as('teams'),
      // One person can sit in two of these teams (one team per person and product).
      eb.fn.count<number>('other.user_id').distinct().as('members'),
    ])
    .where('owned.user_id', '=', userId)
    .where('owned.role', '=', TeamRole.owner)
    .executeTakeFirst();
  const teams = Number(owned?.teams ?? 0);
  return teams > 0 ? [{ kind: 'teams_owned', count: teams, members: Number(owned?.members ?? 0) }] : [];
}

/** Sets how many people a team may hold (a bought plan grows it; its refund shrinks it back). */
export function setMemberLimit(db: Db, teamId: number, memberLimit: number) {
  return db.updateTable('teams').set({ member_limit: memberLimit }).where('id', '=', teamId).execute();
}

export function renameTeam(db: Db, teamId: number, name: string) {
  return db.updateTable('teams').set({ name }).where('id', '=', teamId).execute();
}

/** The teams a person owns (every team has one owner, role 1). */
export function teamsOwnedBy(db: Db, userId: number) {
  return db
    .selectFrom('team_members')
    .select('team_id')
    .where('user_id', '=', userId)
    .where('role', '=', TeamRole.owner)
    .execute();
}

/** A person's membership of one team, with the team's product and member limit; undefined when not in it. */
export function membershipWithTeam(db: Db, userId: number, teamId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['teams.id', 'teams.product', 'teams.member_limit', 'team_members.role'])
    .where('team_members.user_id', '=', userId)
    .where('team_members.team_id', '=', teamId)
    .executeTakeFirst();
}

/** Accounts a member search keeps: the user module's ids of accounts whose contacts match. */
export type MatchingAccounts = ReturnType<typeof userIdsMatching>;

/**
 * A team's members, of those `matching` keeps when given. The search is correlated on the
 * member's id, so only this team's members are looked up (by primary key), however many
 * accounts there are.
 */
function membersOfTeam(db: Db, teamId: number, matching?: MatchingAccounts) {
  const members = db.selectFrom('team_members').where('team_members.team_id', '=', teamId);
  if (!matching) return members;
  return members.where(
    'team_members.user_id',
    'in',
    matching.where('id', '=', sql.ref<number>('team_members.user_id')),
  );
}

/** How many members a team has (of those `matching` keeps). */
export async function countMembersMatching(db: Db, teamId: number, matching?: MatchingAccounts): Promise<number> {
  const { total } = await membersOfTeam(db, teamId, matching)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The owner first, then admins, then members, each by joining (spec 02 §4). */
function membersInListOrder(db: Db, teamId: number, matching?: MatchingAccounts) {
  return membersOfTeam(db, teamId, matching)
    .select(['team_members.user_id', 'team_members.role', 'team_members.joined_at'])
    .orderBy('team_members.role')
    .orderBy('team_members.joined_at')
    .orderBy('team_members.user_id');
}

/** A page of a team's members (of those `matching` keeps), in the order of membersOf. */
export function memberPage(
  db: Db,
  teamId: number,
  page: { offset: number; count: number },
  matching?: MatchingAccounts,
) {
  return membersInListOrder(db, teamId, matching).limit(page.count).offset(page.offset).execute();
}

// ---- plans and their seats ---------------------------------------------------------------

export type PlanRow = Selectable<TeamPlansTable>;

export function insertPlan(db: Db, row: Insertable<TeamPlansTable>) {
  return db.insertInto('team_plans').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A plan of a team, or undefined. */
export function findPlan(db: Db, teamId: number, planId: number) {
  return db
    .selectFrom('team_plans')
    .selectAll()
    .where('id', '=', planId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
}

/** A plan by its id alone; it must exist. */
export function getPlan(db: Db, planId: number) {
  return db.selectFrom('team_plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
}

/** The plan a `seats` grant made, if it made one. */
export function planOfGrant(db: Db, grantId: number) {
  return db.selectFrom('team_plans').selectAll().where('grant_id', '=', grantId).executeTakeFirst();
}

/** The plan of a team one of the grants named made (an order's), if any. */
export function planOfGrants(db: Db, teamId: number, grantIds: readonly number[]) {
  return db
    .selectFrom('team_plans')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('grant_id', 'in', grantIds)
    .executeTakeFirst();
}

/** A team's plans, oldest first. */
export function plansOf(db: Db, teamId: number) {
  return db.selectFrom('team_plans').selectAll().where('team_id', '=', teamId).orderBy('id').execute();
}

export async function countPlans(db: Db, teamId: number): Promise<number> {
  const { total } = await db
    .selectFrom('team_plans')
    .where('team_id', '=', teamId)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** A page of a team's plans, oldest first, each with whether `memberId` holds a seat of it. */
export function planPageFor(db: Db, teamId: number, memberId: number, page: { offset: number; count: number }) {
  return db
    .selectFrom('team_plans')
    .where('team_id', '=', teamId)
    .selectAll()
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('team_plan_seats')
            .select('plan_id')
            .whereRef('team_plan_seats.plan_id', '=', 'team_plans.id')
            .where('team_plan_seats.user_id', '=', memberId),
        )
        .as('held'),
    )
    .orderBy('id')
    .limit(page.count)
    .offset(page.offset)
    .execute();
}

/** The update that takes a plan's row lock for the rest of the transaction, changing only its time. */
const planLock = (db: Db, planId: number, now: number) =>
  db.updateTable('team_plans').set({ updated_at: now }).where('id', '=', planId);

/** Locks a plan's row for the rest of the transaction; undefined when there is no such plan. */
export function lockPlan(db: Db, planId: number, now: number) {
  return planLock(db, planId, now).returningAll().executeTakeFirst();
}

/**
 * Locks a plan of the team with a conditional update that passes only while a seat is free and
 * the plan runs (docs/architecture.md#invariants); undefined otherwise.
 */
export function lockPlanWithFreeSeat(db: Db, teamId: number, planId: number, now: number) {
  return planLock(db, planId, now)
    .where('team_id', '=', teamId)
    .where((eb) => eb('plan_num', '<', eb.ref('max_num')))
    .where((eb) => eb.or([eb('expire', 'is', null), eb('expire', '>', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Changes a plan's seats or end; seats below those taken are refused by the database's check. */
export function updatePlan(db: Db, planId: number, changes: { max_num?: number; expire?: number | null }) {
  return db.updateTable('team_plans').set(changes).where('id', '=', planId).returningAll().executeTakeFirstOrThrow();
}

export function deletePlan(db: Db, planId: number) {
  return db.deleteFrom('team_plans').where('id', '=', planId).execute();
}

export function insertSeat(db: Db, row: TeamPlanSeatsTable) {
  return db.insertInto('team_plan_seats').values(row).execute();
}

/** Whether a member holds a seat of a plan. */
export async function holdsSeat(db: Db, planId: number, userId: number): Promise<boolean> {
  const seat = await db
    .selectFrom('team_plan_seats')
    .select('plan_id')
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return seat !== undefined;
}

/** Deletes a member's seat of a plan; the licence grant it held, or undefined when they held none. */
export function deleteSeat(db: Db, planId: number, userId: number) {
  return db
    .deleteFrom('team_plan_seats')
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .returning('licence_grant_id')
    .executeTakeFirst();
}

/** The seats of a plan. */
export function seatsOfPlan(db: Db, planId: number) {
  return db.selectFrom('team_plan_seats').selectAll().where('plan_id', '=', planId).execute();
}

/** The seats of a team, by plan id. */
export function seatsOfTeam(db: Db, teamId: number) {
  return db
    .selectFrom('team_plan_seats')
    .select(['plan_id', 'user_id'])
    .where('team_id', '=', teamId)
    .orderBy('plan_id')
    .execute();
}

/** The plans a member holds a seat of in a team, by plan id. */
export async function seatPlanIds(db: Db, teamId: number, userId: number): Promise<number[]> {
  const seats = await db
    .selectFrom('team_plan_seats')
    .select('plan_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .orderBy('plan_id')
    .execute();
  return seats.map((seat) => seat.plan_id);
}

/** The plans whose seats the members named hold in a team, by plan id. */
export function seatPlansOfMembers(db: Db, teamId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_plan_seats')
    .innerJoin('team_plans', 'team_plans.id', 'team_plan_seats.plan_id')
    .select(['team_plan_seats.user_id', 'team_plans.id', 'team_plans.type', 'team_plans.expire'])
    .where('team_plan_seats.team_id', '=', teamId)
    .where('team_plan_seats.user_id', 'in', userIds)
    .orderBy('team_plans.id')
    .execute();
}

/** Points a seat at the licence grant it gives now (a re-dated plan's). */
export function setSeatLicence(db: Db, planId: number, userId: number, licenceGrantId: number) {
  return db
    .updateTable('team_plan_seats')
    .set({ licence_grant_id: licenceGrantId })
    .where('plan_id', '=', planId)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes every seat a person holds, in any team. */
export function deleteSeatsOfUser(db: Db, userId: number) {
  return db.deleteFrom('team_plan_seats').where('user_id', '=', userId).execute();
}
