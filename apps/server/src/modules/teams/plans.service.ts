import {
  canManageTeam,
  desktopOnlyTeamPlanTypes,
  FOREVER_EXPIRY,
  isTeamPlanType,
  TEAM_PLAN_SEATS_MAX,
  TeamErrors,
  TEAM_MEMBER_LIMIT_MAX,
  teamPlanTermDays,
  type TeamPlanType,
  type TeamProduct,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { grant, grantLicence, type GrantRow, type GrantSourceRef, lockLicenceHolder, revoke } from '../grants/index.js';
import type { ClosingAccount } from '../manifest.js';
import * as repo from './teams.repository.js';

const DAY = 86_400;
type PlanRow = repo.PlanRow;

/** A plan as the team screen and operators read it (spec 02 §3 "Team plan"). */
export function planView(plan: PlanRow, now: number) {
  return {
    id: plan.id,
    type: plan.type,
    expire: plan.expire,
    max_num: plan.max_num,
    plan_num: plan.plan_num,
    is_expired: plan.expire !== null && plan.expire <= now,
  };
}

function checkSeats(seats: number): void {
  if (!Number.isSafeInteger(seats) || seats < 1 || seats > TEAM_PLAN_SEATS_MAX)
    throw operatorInputError(`seats must be a whole number from 1 to ${TEAM_PLAN_SEATS_MAX}`);
}

/**
 * Gives a team a plan (an order, a code or an operator, through modules/benefits) in the caller's
 * transaction: the team's row is locked, its owner given the `seats` grant, and the plan made — or,
 * for a source that gave it before, the plan it made then. The end is the type's term from now
 * unless given; lifetime types never end.
 */
export async function giveTeamPlan(
  trx: Db,
  input: { teamId: number; type: number; seats: number; expire?: number | null; source: GrantSourceRef },
  now: number,
): Promise<{ plan: PlanRow; grant: GrantRow; created: boolean }> {
  if (!isTeamPlanType(input.type)) throw operatorInputError('unknown team plan type');
  checkSeats(input.seats);
  const term = teamPlanTermDays[input.type];
  const expire = input.expire !== undefined ? input.expire : term === null ? null : now + term * DAY;
  if (expire !== null && expire <= now) throw operatorInputError('a plan must end in the future');
  const team = await repo.lockTeam(trx, input.teamId, now);
  if (!team) throw appError(TeamErrors.teamNotFound);
  const owner = await repo.ownerOf(trx, team.id);
  const given = await grant(
    trx,
    owner,
    { kind: 'seats', item: `team:${team.id}`, quantity: input.seats, expiresAt: expire },
    input.source,
    now,
  );
  const existing = await repo.planOfGrant(trx, given.grant.id);
  if (existing) return { plan: existing, grant: given.grant, created: false };
  const plan = await repo.insertPlan(trx, {
    team_id: team.id,
    type: input.type,
    max_num: input.seats,
    expire,
    grant_id: given.grant.id,
    created_at: now,
    updated_at: now,
  });
  return { plan, grant: given.grant, created: true };
}

/** A team's plans, oldest first. */
export async function teamPlans(db: Db, teamId: number, now: number) {
  const plans = await repo.plansOf(db, teamId);
  return plans.map((plan) => planView(plan, now));
}

/** The licence a seat of `plan` gives: the team part of the member's record, to the plan's end. */
async function seatLicence(
  trx: Db,
  team: { id: number; product: string; name: string },
  plan: PlanRow,
  userId: number,
  now: number,
) {
  const end = plan.expire ?? FOREVER_EXPIRY;
  const ends = desktopOnlyTeamPlanTypes.includes(plan.type)
    ? { group_exp: end }
    : { group_exp: end, group_mobile_exp: end };
  const given = await grantLicence(
    trx,
    userId,
    { product: team.product as 'max' | 'proj', ends, attributes: { group_name: team.name } },
    // A seat held again later, or re-dated with its plan, is a new grant of its own.
    { kind: 'plan', id: `seat:${plan.id}:${userId}:${randomToken(6)}`, reason: `seat of team plan ${plan.id}` },
    now,
  );
  return given.grant.id;
}

/**
 * Authorizes a member on a plan (spec 02 §4): takes a seat and gives the team licence. The
 * member's row is locked, then the plan's with a conditional update that passes only while a
 * seat is free and the plan runs; the database's check on the seat count refuses any seat
 * beyond max_num whoever inserts it. A full plan answers `group num limit`, which the screen
 * meets with the upgrade prompt.
 */
export async function authorizeSeat(db: Db, input: { teamId: number; planId: number; userId: number }, now: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockLicenceHolder(trx, input.userId))) throw appError(TeamErrors.userNotFound);
    const team = await repo.findTeam(trx, input.teamId);
    if (!team) throw appError(TeamErrors.teamNotFound);
    const membership = await repo.findMembership(trx, input.userId, team.product);
    if (membership?.team_id !== team.id) throw appError(TeamErrors.notMember);
    const plan = await takeSeat(trx, team, input.planId, input.userId, now);
    return planView(plan, now);
  });
}

/**
 * Takes a seat of a plan for a member of `team`, in the caller's transaction, after the member's
 * row is locked: the plan's row with a conditional update that passes only while a seat is free
 * and the plan runs, then the seat and its licence. Answers the plan with the seat counted.
 */
export async function takeSeat(
  trx: Db,
  team: { id: number; product: string; name: string },
  planId: number,
  userId: number,
  now: number,
): Promise<PlanRow> {
  const plan = await repo.lockPlanWithFreeSeat(trx, team.id, planId, now);
  if (!plan) {
    const found = await repo.findPlan(trx, team.id, planId);
    if (!found) throw appError(TeamErrors.planNotFound);
    throw appError(found.expire !== null && found.expire <= now ? TeamErrors.planExpired : TeamErrors.memberLimit);
  }
  if (await repo.holdsSeat(trx, plan.id, userId)) throw appError(TeamErrors.alreadyAuthorized);
  const licenceGrantId = await seatLicence(trx, team, plan, userId, now);
  await repo.insertSeat(trx, {
    plan_id: plan.id,
    team_id: team.id,
    user_id: userId,
    licence_grant_id: licenceGrantId,
    created_at: now,
  });
  return { ...plan, plan_num: plan.plan_num + 1 };
}

/** Frees a member's seat of a plan and takes its licence back, in the caller's transaction. */
export async function releaseSeat(trx: Db, planId: number, userId: number, now: number): Promise<boolean> {
  const seat = await repo.deleteSeat(trx, planId, userId);
  if (!seat) return false;
  await revoke(trx, seat.licence_grant_id, 'team seat released', now);
  return true;
}

/** Unauthorizes a member on a plan (spec 02 §4): the seat is free again, the team licence goes. */
export async function unauthorizeSeat(db: Db, input: { teamId: number; planId: number; userId: number }, now: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockLicenceHolder(trx, input.userId))) throw appError(TeamErrors.userNotFound);
    const plan = await repo.findPlan(trx, input.teamId, input.planId);
    if (!plan) throw appError(TeamErrors.planNotFound);
    if (!(await releaseSeat(trx, plan.id, input.userId, now))) throw appError(TeamErrors.notAuthorized);
    return planView(await repo.getPlan(trx, plan.id), now);
  });
}

/** Every seat a member holds in a team, freed with its licence: before they leave it. */
export async function releaseMemberSeats(trx: Db, teamId: number, userId: number, now: number): Promise<void> {
  for (const planId of await repo.seatPlanIds(trx, teamId, userId)) await releaseSeat(trx, planId, userId, now);
}

/**
 * Operator: changes a plan's seats or its end. Seats below those taken are refused (the
 * database's check). A new end re-dates every seat's licence: each holder's grant is taken
 * back and given again to the new end, in the same transaction.
 */
export async function changeTeamPlan(
  db: Db,
  input: { planId: number; seats?: number; expire?: number | null },
  now: number,
) {
  if (input.seats !== undefined) checkSeats(input.seats);
  return db.transaction().execute(async (trx) => {
    const plan = await repo.lockPlan(trx, input.planId, now);
    if (!plan) throw appError(TeamErrors.planNotFound);
    if (input.seats !== undefined && input.seats < plan.plan_num)
      throw operatorInputError(`${plan.plan_num} seats are taken: unauthorize members first`);
    const changed = await repo.updatePlan(trx, plan.id, {
      ...(input.seats === undefined ? {} : { max_num: input.seats }),
      ...(input.expire === undefined ? {} : { expire: input.expire }),
    });
    if (input.expire !== undefined && input.expire !== plan.expire) {
      const team = await repo.findTeam(trx, plan.team_id);
      for (const seat of await repo.seatsOfPlan(trx, plan.id)) {
        await revoke(trx, seat.licence_grant_id, 'team plan re-dated', now);
        const licenceGrantId = await seatLicence(trx, team!, changed, seat.user_id, now);
        await repo.setSeatLicence(trx, plan.id, seat.user_id, licenceGrantId);
      }
    }
    return planView(changed, now);
  });
}

/** Every seat of a team freed with its licence: before the team is deleted. */
export async function releaseTeamSeats(trx: Db, teamId: number, now: number): Promise<void> {
  for (const seat of await repo.seatsOfTeam(trx, teamId)) await releaseSeat(trx, seat.plan_id, seat.user_id, now);
}

/**
 * Closing an account (its manifest's policy for seats): the teams it owns are about to go (the
 * closing trigger deletes them), so every seat of theirs gives its licence back first; the
 * account's own seats elsewhere go with its memberships, their licences with its grants.
 */
export async function releaseSeatsOfClosingAccount(trx: Db, account: ClosingAccount): Promise<void> {
  for (const { team_id } of await repo.teamsOwnedBy(trx, account.userId))
    await releaseTeamSeats(trx, team_id, account.now);
  await repo.deleteSeatsOfUser(trx, account.userId);
}

// ---- bought plans (the upgrade, docs/decisions/040) -------------------------------------

/**
 * The team a business payment buys seats for: the caller's team, which its owner or an admin
 * may grow, as they are the ones who meet the upgrade prompt when adding members (spec 02 §6,
 * §8). Refused as the team screen's calls refuse: not in it → `no team`; a plain member →
 * `team permission denied`. Its places, for the checkout to keep within the team maximum.
 */
export async function teamToGrow(db: Db, userId: number, teamId: number) {
  const membership = await repo.membershipWithTeam(db, userId, teamId);
  if (!membership) throw appError(TeamErrors.noTeam);
  if (!canManageTeam(membership.role)) throw appError(TeamErrors.notAllowed);
  return { id: membership.id, product: membership.product as TeamProduct, memberLimit: membership.member_limit };
}

/**
 * A paid upgrade, in the transaction that marks the payment paid: the team gets a plan of the
 * seats bought (keyed by the order, so given once) and as many more member places, so that the
 * people the seats are for can join; answers the plan and the team's product. Null when the team
 * is gone: the payment stays paid for an operator to refund.
 */
export async function giveBoughtTeamPlan(
  trx: Db,
  input: { teamId: number; type: TeamPlanType; seats: number; source: GrantSourceRef },
  now: number,
): Promise<{ plan: PlanRow; product: TeamProduct } | null> {
  const team = await repo.lockTeam(trx, input.teamId, now);
  if (!team) return null;
  const given = await giveTeamPlan(trx, input, now);
  if (given.created)
    await repo.setMemberLimit(trx, team.id, Math.min(TEAM_MEMBER_LIMIT_MAX, team.member_limit + input.seats));
  return { plan: given.plan, product: team.product as TeamProduct };
}

/**
 * A refunded upgrade: the plan the order gave goes, every seat's licence with it, and the member
 * places it added — never below the members the team has now. The order's seats grant is the
 * refund's own to revoke. Null when nothing of it is left (the team was deleted).
 */
export async function takeBackBoughtTeamPlan(
  trx: Db,
  input: { teamId: number; orderGrantIds: readonly number[] },
  now: number,
): Promise<{ kind: 'team_plan'; granted: number; taken: number } | null> {
  if (input.orderGrantIds.length === 0) return null;
  const team = await repo.lockTeam(trx, input.teamId, now);
  const plan = await repo.planOfGrants(trx, input.teamId, input.orderGrantIds);
  if (!team || !plan) return null;
  for (const seat of await repo.seatsOfPlan(trx, plan.id)) await releaseSeat(trx, plan.id, seat.user_id, now);
  await repo.deletePlan(trx, plan.id);
  const members = await repo.countMembers(trx, team.id);
  await repo.setMemberLimit(trx, team.id, Math.max(members, 1, team.member_limit - plan.max_num));
  return { kind: 'team_plan', granted: plan.max_num, taken: plan.max_num };
}
