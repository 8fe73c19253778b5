import {
  TEAM_MEMBER_LIMIT_MAX,
  TEAM_NAME_MAX_LENGTH,
  TeamErrors,
  type TeamInfo,
  type TeamProduct,
  teamProducts,
  TeamRole,
  type TeamRoleValue,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { transactionExplainingUnique } from '../../db/unique-violation.js';
import { normaliseDisplayName } from '../../lib/display-name.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { notify } from '../messages/index.js';
import { findOpenUser, findProfiles, lockNamedUser, type UserRef } from '../user/index.js';
import * as repo from './teams.repository.js';
import { releaseMemberSeats, releaseTeamSeats, teamPlans } from './plans.service.js';

export type TeamInfoDto = Static<typeof TeamInfo>;

/** Roles an operator gives when adding someone; the owner is made only with the team. */
export type AddedTeamRole = 'admin' | 'member';
const addedRoles: Record<AddedTeamRole, TeamRoleValue> = { admin: TeamRole.admin, member: TeamRole.member };

/**
 * How the members named are shown, by id: the user module's profiles (every member has an
 * account row; a closed account's memberships went with its closing). Asked for a thousand at a
 * time, so a team of any size stays within the databases' limits on a statement's values.
 */
export async function profilesById(db: Db, userIds: readonly number[]) {
  const profiles = new Map<number, Awaited<ReturnType<typeof findProfiles>>[number]>();
  for (let start = 0; start < userIds.length; start += 1000) {
    for (const profile of await findProfiles(db, userIds.slice(start, start + 1000))) profiles.set(profile.id, profile);
  }
  return profiles;
}

/** The user's team of a product (GET …/:product/grouporder, getGroupInfo); null without one. */
export async function teamOf(db: Db, userId: number, product: TeamProduct, now: number): Promise<TeamInfoDto | null> {
  const row = await repo.teamOfUser(db, userId, product);
  if (!row) return null;
  const owner = (await profilesById(db, [row.owner_id])).get(row.owner_id)!;
  const planIds = await repo.seatPlanIds(db, row.id, userId);
  return {
    id: row.id,
    name: row.name,
    user_id: row.owner_id,
    nick_name: owner.nick_name,
    role: row.role,
    member_num: Number(row.member_num ?? 0),
    member_limit: row.member_limit,
    plan: await teamPlans(db, row.id, now),
    plan_ids: planIds,
  };
}

/** A team as the operator sees it: its fields and its members, the owner first. */
export async function teamDetails(db: Db, teamId: number) {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw appError(TeamErrors.teamNotFound);
  const members = await repo.membersOf(db, teamId);
  const profiles = await profilesById(
    db,
    members.map((member) => member.user_id),
  );
  return {
    id: team.id,
    product: team.product,
    name: team.name,
    member_limit: team.member_limit,
    member_num: Number(team.member_num ?? 0),
    created_at: team.created_at,
    members: members.map((member) => ({
      user_id: member.user_id,
      email: profiles.get(member.user_id)!.email,
      nick_name: profiles.get(member.user_id)!.nick_name,
      role: member.role,
      joined_at: member.joined_at,
    })),
  };
}

function teamName(raw: string): string {
  // Spec 02 §5, §9: at most 70 characters.
  const name = normaliseDisplayName(raw, TEAM_NAME_MAX_LENGTH);
  if (name === null) throw operatorInputError(`team name must have 1 to ${TEAM_NAME_MAX_LENGTH} characters`);
  return name;
}

/**
 * Runs a membership change in one transaction. The checks under the locks tell the cases apart;
 * the unique indexes keep the rows right should a check ever be raced, and their violations get
 * the same messages: the primary key (team, user) is a second joining of the same team, the
 * index (user, product) spec 02 §8's one team per person and product. A second joining of the
 * same team breaks both, and a database may name either.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return transactionExplainingUnique(db, work, (columns) => {
    if (columns.includes('team_id') && columns.includes('user_id')) return appError(TeamErrors.alreadyMember);
    if (columns.includes('product')) return appError(TeamErrors.otherTeam);
    return undefined;
  });
}

/**
 * Operator: creates a team of `product` for up to `memberLimit` people with `owner` as its
 * owner, who counts as its first member. Refused when the owner is already in a team of the
 * product.
 */
export async function createTeam(
  db: Db,
  input: { product: TeamProduct; name: string; owner: UserRef; memberLimit: number },
  now: number,
) {
  if (!teamProducts.includes(input.product))
    throw operatorInputError(`product must be one of ${teamProducts.join(', ')}`);
  const name = teamName(input.name);
  const limit = input.memberLimit;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > TEAM_MEMBER_LIMIT_MAX) {
    throw operatorInputError(`members must be a whole number from 1 to ${TEAM_MEMBER_LIMIT_MAX}`);
  }
  const teamId = await inTransaction(db, async (trx) => {
    const ownerId = await lockNamedUser(trx, input.owner, TeamErrors.userNotFound);
    if (await repo.findMembership(trx, ownerId, input.product)) throw appError(TeamErrors.otherTeam);
    const { id } = await repo.insertTeam(trx, {
      product: input.product,
      name,
      member_limit: limit,
      created_at: now,
      updated_at: now,
    });
    await repo.insertMember(trx, {
      team_id: id,
      product: input.product,
      user_id: ownerId,
      role: TeamRole.owner,
      joined_at: now,
    });
    return id;
  });
  return teamDetails(db, teamId);
}

/**
 * Operator: adds a person to a team as admin or member. The person's row is locked, then the
 * team's — the order closing an account takes them in, when it deletes the teams it owns — so
 * of any number of concurrent additions no more than the free places succeed (spec 02 §8
 * 'group num limit'), and a person lands in one team of the product at most.
 */
export async function addTeamMember(
  db: Db,
  input: { teamId: number; user: UserRef; role: AddedTeamRole },
  now: number,
) {
  const role = addedRoles[input.role];
  if (role === undefined) throw operatorInputError('role must be admin or member');
  await inTransaction(db, async (trx) => {
    const userId = await lockNamedUser(trx, input.user, TeamErrors.userNotFound);
    const team = await repo.lockTeam(trx, input.teamId, now);
    if (!team) throw appError(TeamErrors.teamNotFound);
    await joinTeam(trx, team, userId, role, now);
  });
  return teamDetails(db, input.teamId);
}

/** A locked team (repo.lockTeam's answer). */
export type LockedTeam = NonNullable<Awaited<ReturnType<typeof repo.lockTeam>>>;

/**
 * Adds a person to a team in the caller's transaction, after their row and then the team's are
 * locked: refused when they are in a team of the product already, or when every place is taken.
 */
export async function joinTeam(trx: Db, team: LockedTeam, userId: number, role: TeamRoleValue, now: number) {
  const current = await repo.findMembership(trx, userId, team.product);
  if (current) throw appError(current.team_id === team.id ? TeamErrors.alreadyMember : TeamErrors.otherTeam);
  if ((await repo.countMembers(trx, team.id)) >= team.member_limit) throw appError(TeamErrors.memberLimit);
  await repo.insertMember(trx, { team_id: team.id, product: team.product, user_id: userId, role, joined_at: now });
  await notify(trx, userId, 'teamJoined', { team: team.name }, now);
}

/** Takes a member out of a locked team in the caller's transaction: their seats and licences go first. */
export async function leaveTeam(trx: Db, team: LockedTeam, userId: number, now: number) {
  await releaseMemberSeats(trx, team.id, userId, now);
  await repo.deleteMember(trx, team.id, userId);
  await notify(trx, userId, 'teamLeft', { team: team.name }, now);
}

/**
 * Operator: takes an admin or member out of a team, freeing their place. The owner stays: a
 * team leaves its owner only by being handed over or deleted (spec 02 §4).
 */
export async function removeTeamMember(db: Db, input: { teamId: number; user: UserRef }, now: number) {
  await inTransaction(db, async (trx) => {
    const team = await repo.lockTeam(trx, input.teamId, now);
    if (!team) throw appError(TeamErrors.teamNotFound);
    // A closed account is no longer anyone's member (the closing removed it): "not exists".
    const user = await findOpenUser(trx, input.user);
    if (!user) throw appError(TeamErrors.userNotFound);
    const membership = await repo.findMembership(trx, user.id, team.product);
    if (!membership || membership.team_id !== team.id) throw appError(TeamErrors.notMember);
    if (membership.role === TeamRole.owner) throw appError(TeamErrors.ownerStays);
    await leaveTeam(trx, team, user.id, now);
  });
  return teamDetails(db, input.teamId);
}

/** Operator: deletes a team; its memberships go with it. Answers the team as it was. */
export async function deleteTeam(db: Db, teamId: number, now: number) {
  return db.transaction().execute(async (trx) => {
    // Locked first, so the answer lists exactly the members deleted with it.
    if (!(await repo.lockTeam(trx, teamId, now))) throw appError(TeamErrors.teamNotFound);
    const team = await teamDetails(trx, teamId);
    await releaseTeamSeats(trx, teamId, now);
    await repo.deleteTeam(trx, teamId);
    return { deleted: team };
  });
}
