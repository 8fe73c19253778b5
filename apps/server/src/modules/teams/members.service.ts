import {
  assignableRoles,
  canManageMember,
  canManageTeam,
  CommonErrors,
  hasLifetimeLicence,
  maskPhone,
  mayChangeOwnSeats,
  type Region,
  TEAM_NAME_MAX_LENGTH,
  TeamErrors,
  type TeamProduct,
  TeamRole,
  type TeamRoleValue,
  TeamSeatChange,
  TeamTransferOption,
  type TeamTransferOptionValue,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { normaliseDisplayName } from '../../lib/display-name.js';
import { appError } from '../../lib/errors.js';
import { notify } from '../messages/index.js';
import { licenceRecordOf } from '../grants/index.js';
import { findOpenUser, lockOpenUser, userIdsMatching } from '../user/index.js';
import { planView, releaseSeat, takeSeat } from './plans.service.js';
import * as repo from './teams.repository.js';
import { inTransaction, joinTeam, type LockedTeam, leaveTeam, profilesById, teamOf } from './teams.service.js';

/**
 * The group order calls of the team page (spec 02 §7), each checked against the caller's role
 * in the team (spec 02 §6, contract `rules/team-roles.ts`) on the server, whatever the screen
 * shows. Every write locks the people it changes (in id order), then the team: the order adding
 * a member and closing an account take them in, so none of them can deadlock another.
 */

/** Who calls, in which team: the path's product and the body's or query's group id. */
export interface TeamCall {
  userId: number;
  product: TeamProduct;
  groupId: number;
  region: Region;
}

interface Viewer {
  user_id: number;
  role: TeamRoleValue;
}

/** The caller's place in the team named; "You have not joined a team yet." when they have none there. */
async function viewerIn(db: Db, call: TeamCall): Promise<Viewer> {
  const membership = await repo.findMembership(db, call.userId, call.product);
  if (!membership || membership.team_id !== call.groupId) throw appError(TeamErrors.noTeam);
  return { user_id: call.userId, role: membership.role as TeamRoleValue };
}

/**
 * Locks the people named (in id order; a closed account is "user not exists"), then the team,
 * and reads the caller's role under those locks.
 */
async function lockForChange(trx: Db, call: TeamCall, userIds: readonly number[], now: number) {
  for (const id of [...new Set([call.userId, ...userIds])].sort((a, b) => a - b)) {
    if (!(await lockOpenUser(trx, id))) throw appError(TeamErrors.userNotFound);
  }
  const team = await repo.lockTeam(trx, call.groupId, now);
  if (!team || team.product !== call.product) throw appError(TeamErrors.noTeam);
  return { team, viewer: await viewerIn(trx, call) };
}

/** A member's role in the team; "not a member" for anyone else. */
async function memberOf(trx: Db, team: LockedTeam, userId: number): Promise<Viewer> {
  const membership = await repo.findMembership(trx, userId, team.product as TeamProduct);
  if (membership?.team_id !== team.id) throw appError(TeamErrors.notMember);
  return { user_id: userId, role: membership.role as TeamRoleValue };
}

// ---- reading -------------------------------------------------------------------------------------

/** getGroupPlans: the team's plans, each marked for one member (the caller unless named). */
export async function teamPlanPage(
  db: Db,
  call: TeamCall,
  page: { userId?: number; offset: number; count: number },
  now: number,
) {
  await viewerIn(db, call);
  const memberId = page.userId ?? call.userId;
  if (memberId !== call.userId) {
    const membership = await repo.findMembership(db, memberId, call.product);
    if (membership?.team_id !== call.groupId) throw appError(TeamErrors.notMember);
  }
  const [total, plans] = await Promise.all([
    repo.countPlans(db, call.groupId),
    repo.planPageFor(db, call.groupId, memberId, page),
  ]);
  return {
    total,
    plans: plans.map(({ held, ...plan }) => ({ ...planView(plan, now), authorized: Boolean(held) })),
  };
}

/** `%`, `_` and the escape itself stand for themselves in a search. */
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * getGroupMembers: the owner first, then admins, then members, each by joining; a search keeps
 * those whose e-mail or name contains it (any case). Mobiles are shown masked.
 */
export async function teamMemberPage(db: Db, call: TeamCall, page: { offset: number; count: number; search?: string }) {
  await viewerIn(db, call);
  const search = page.search?.trim();
  const matching = search ? userIdsMatching(db, likeContaining(search)) : undefined;
  const [total, rows] = await Promise.all([
    repo.countMembersMatching(db, call.groupId, matching),
    repo.memberPage(db, call.groupId, page, matching),
  ]);
  const userIds = rows.map((row) => row.user_id);
  const [profiles, seats] = await Promise.all([
    profilesById(db, userIds),
    repo.seatPlansOfMembers(db, call.groupId, userIds),
  ]);
  return {
    total,
    members: rows.map((row) => {
      const profile = profiles.get(row.user_id)!;
      return {
        user_id: row.user_id,
        nick_name: profile.nick_name,
        avatar_url: profile.avatar_url,
        email: profile.email,
        mobile: profile.mobile === null ? null : maskPhone(profile.mobile),
        role: row.role as TeamRoleValue,
        created_at: row.joined_at,
        plan: seats
          .filter((seat) => seat.user_id === row.user_id)
          .map((seat) => ({ id: seat.id, type: seat.type, expire: seat.expire })),
      };
    }),
  };
}

// ---- contacts ------------------------------------------------------------------------------------

/** Who an add or a filter names: one kind of contact a call (spec 02 §3 "Multi-add input"). */
export interface Contacts {
  emails?: string[];
  mobiles?: string[];
  user_ids?: number[];
}

type ContactKey = keyof Contacts;

/** The one kind of contact given, with its values; a call naming two kinds, or none, is refused. */
function contactsOf(contacts: Contacts, region: Region): { key: ContactKey; values: (string | number)[] } {
  const given = (Object.keys(contacts) as ContactKey[]).filter((key) => (contacts[key]?.length ?? 0) > 0);
  if (given.length !== 1) throw appError(CommonErrors.invalidRequest);
  const key = given[0]!;
  // Spec 02 §5, §6: adding by mobile is the domestic build's.
  if (key === 'mobiles' && region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);
  const values = key === 'emails' ? contacts.emails!.map((email) => email.trim().toLowerCase()) : contacts[key]!;
  return { key, values: [...new Set<string | number>(values)] };
}

/** The open account a contact names, or undefined. */
function accountOf(db: Db, key: ContactKey, value: string | number) {
  if (key === 'user_ids') return findOpenUser(db, { id: value as number });
  return findOpenUser(db, key === 'emails' ? { email: value as string } : { mobile: value as string });
}

/**
 * Spec 02 §8, reason 4 of the add-failed prompt: a lifetime licence of the person's own leaves a
 * team nothing to give them. (Reasons 2 and 3, a team of the product already, are the
 * membership's; reason 1 is an account that does not exist.)
 */
async function holdsLifetime(db: Db, userId: number, product: TeamProduct, now: number): Promise<boolean> {
  return hasLifetimeLicence(await licenceRecordOf(db, userId, product), now);
}

/**
 * filterGroupMember: of the contacts, the people who could join, each once. `match` 1 names
 * exactly one contact. More people than the team's free places — or no free place at all — is
 * spec 02 §8's `group num limit`, which the screen meets with the upgrade prompt.
 */
export async function screenContacts(db: Db, call: TeamCall, match: 0 | 1, contacts: Contacts, now: number) {
  const viewer = await viewerIn(db, call);
  if (!canManageTeam(viewer.role)) throw appError(TeamErrors.notAllowed);
  const { key, values } = contactsOf(contacts, call.region);
  if (match === 1 && values.length !== 1) throw appError(CommonErrors.invalidRequest);
  const invitees: { email: string | null; mobile: string | null; user_id: number; nick_name: string }[] = [];
  for (const value of values) {
    const account = await accountOf(db, key, value);
    if (!account || invitees.some((invitee) => invitee.user_id === account.id)) continue;
    if (await repo.findMembership(db, account.id, call.product)) continue;
    if (await holdsLifetime(db, account.id, call.product, now)) continue;
    invitees.push({
      email: account.email,
      // The mobile the caller typed is theirs to see; one found by another contact is masked.
      mobile: account.mobile === null ? null : key === 'mobiles' ? account.mobile : maskPhone(account.mobile),
      user_id: account.id,
      nick_name: account.nick_name,
    });
  }
  const team = await repo.findTeam(db, call.groupId);
  const free = team!.member_limit - Number(team!.member_num ?? 0);
  if (free <= 0 || invitees.length > free) throw appError(TeamErrors.memberLimit);
  return { invitees };
}

// ---- writing -------------------------------------------------------------------------------------

/**
 * addGroupMember: every person named joins with the role given and a seat of each plan named,
 * in one transaction — all of them or none (spec 02 §4 add-user and multiple add). At least one
 * plan (spec 02 §5); an admin adds plain members only (spec 02 §1).
 */
export async function addMembers(
  db: Db,
  call: TeamCall,
  input: { planIds: number[]; role: TeamRoleValue; contacts: Contacts },
  now: number,
  applied: (trx: Db) => Promise<void>,
) {
  const { key, values } = contactsOf(input.contacts, call.region);
  if (input.planIds.length === 0) throw appError(TeamErrors.planRequired);
  return inTransaction(db, async (trx) => {
    const people: number[] = [];
    for (const value of values) {
      const account = await accountOf(trx, key, value);
      if (!account) throw appError(TeamErrors.userNotFound);
      if (!people.includes(account.id)) people.push(account.id);
    }
    const { team, viewer } = await lockForChange(trx, call, people, now);
    if (!canManageTeam(viewer.role) || !assignableRoles(viewer.role).includes(input.role))
      throw appError(TeamErrors.notAllowed);
    for (const userId of people) {
      if (await holdsLifetime(trx, userId, call.product, now)) throw appError(TeamErrors.lifetimeHolder);
      // Refused here when they are in a team of the product already, or the team is full.
      await joinTeam(trx, team, userId, input.role, now);
      for (const planId of input.planIds) await takeSeat(trx, team, planId, userId, now);
    }
    await applied(trx);
    return { user_ids: people };
  });
}

/**
 * editGroupMember: `reverse` 0 gives the members named a seat of each plan named (those they
 * hold already stay), 1 frees those seats; `role` sets their role. Each change is held to the
 * roles' rules: nobody edits the owner's row but the owner their own seats; an admin changes
 * plain members and themself, and gives no admin role.
 */
export async function editMembers(
  db: Db,
  call: TeamCall,
  input: { userIds: number[]; reverse: 0 | 1; role?: TeamRoleValue; planIds?: number[] },
  now: number,
  applied: (trx: Db) => Promise<void>,
) {
  await inTransaction(db, async (trx) => {
    const { team, viewer } = await lockForChange(trx, call, input.userIds, now);
    if (!canManageTeam(viewer.role)) throw appError(TeamErrors.notAllowed);
    if (input.role !== undefined && !assignableRoles(viewer.role).includes(input.role))
      throw appError(TeamErrors.notAllowed);
    const planIds = input.planIds ?? [];
    for (const planId of planIds)
      if (!(await repo.findPlan(trx, team.id, planId))) throw appError(TeamErrors.planNotFound);
    for (const userId of input.userIds) {
      const target = await memberOf(trx, team, userId);
      if (target.role === TeamRole.owner) {
        // The owner's row: its seats by the owner alone (the reverse flag), its role never.
        if (userId !== viewer.user_id || !mayChangeOwnSeats(viewer.role) || input.role !== undefined)
          throw appError(TeamErrors.ownerFixed);
      } else if (!canManageMember(viewer, target)) {
        throw appError(TeamErrors.notAllowed);
      }
      if (input.role !== undefined && input.role !== target.role) await repo.setRole(trx, team.id, userId, input.role);
      for (const planId of planIds) {
        const held = await repo.holdsSeat(trx, planId, userId);
        if (input.reverse === TeamSeatChange.authorize && !held) await takeSeat(trx, team, planId, userId, now);
        if (input.reverse === TeamSeatChange.unauthorize && held) await releaseSeat(trx, planId, userId, now);
      }
    }
    await applied(trx);
  });
}

/**
 * removeGroupMember: the members named leave the team, their seats freed. Never the owner; an
 * admin removes plain members and themself (spec 02 §4 "Removing oneself").
 */
export async function removeMembers(
  db: Db,
  call: TeamCall,
  userIds: number[],
  now: number,
  applied: (trx: Db) => Promise<void>,
) {
  await inTransaction(db, async (trx) => {
    const { team, viewer } = await lockForChange(trx, call, userIds, now);
    if (!canManageTeam(viewer.role)) throw appError(TeamErrors.notAllowed);
    for (const userId of userIds) {
      const target = await memberOf(trx, team, userId);
      if (target.role === TeamRole.owner) throw appError(TeamErrors.ownerStays);
      if (!canManageMember(viewer, target)) throw appError(TeamErrors.notAllowed);
      await leaveTeam(trx, team, userId, now);
    }
    await applied(trx);
  });
}

/** setGroupInfo: the owner renames the team (1 to 70 characters after trimming). */
export async function renameTeam(db: Db, call: TeamCall, rawName: string, now: number) {
  const name = normaliseDisplayName(rawName, TEAM_NAME_MAX_LENGTH);
  if (name === null) throw appError(TeamErrors.nameInvalid);
  await db.transaction().execute(async (trx) => {
    const { viewer } = await lockForChange(trx, call, [], now);
    if (viewer.role !== TeamRole.owner) throw appError(TeamErrors.notAllowed);
    await repo.renameTeam(trx, call.groupId, name);
  });
  return (await teamOf(db, call.userId, call.product, now))!;
}

/**
 * setGroupOwner (spec 02 §4 "Ownership transfer"): the diagram team of the domestic build,
 * handed by its owner to one of its members, who becomes owner in the same transaction in
 * which the old owner becomes a member (option 1) or leaves (option 2). Both people and the
 * team are locked first, so a transfer racing another, a removal or a closing account sees
 * the team after it: never no owner, never two (the partial unique index on role 1 backs it).
 */
export async function transferTeam(
  db: Db,
  call: TeamCall,
  input: { userId: number; option: TeamTransferOptionValue },
  now: number,
  applied: (trx: Db) => Promise<void>,
) {
  await viewerIn(db, call);
  if (call.product !== 'max' || call.region !== 'domestic') throw appError(TeamErrors.transferNotOffered);
  await inTransaction(db, async (trx) => {
    const { team, viewer } = await lockForChange(trx, call, [input.userId], now);
    if (viewer.role !== TeamRole.owner) throw appError(TeamErrors.notAllowed);
    if (input.userId === viewer.user_id) throw appError(TeamErrors.ownerFixed);
    await memberOf(trx, team, input.userId);
    // The old owner's row first: the partial unique index allows one owner at every moment.
    if (input.option === TeamTransferOption.leave) await leaveTeam(trx, team, viewer.user_id, now);
    else await repo.setRole(trx, team.id, viewer.user_id, TeamRole.member);
    await repo.setRole(trx, team.id, input.userId, TeamRole.owner);
    await notify(trx, input.userId, 'teamOwnerGiven', { team: team.name }, now);
    await applied(trx);
  });
  return teamOf(db, call.userId, call.product, now);
}
