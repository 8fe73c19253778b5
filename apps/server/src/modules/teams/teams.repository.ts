import { type TeamProduct, TeamRole, type TeamRoleValue, type ClosingForfeitItem } from '@account-centre/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TeamMembersTable, TeamsTable } from '../../db/schema.js';

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

/** The user's team of a product with the user's role in it and the owner's id and nickname. */
export function teamOfUser(db: Db, userId: number, product: TeamProduct) {
  return teamsWithMemberNum(db)
    .innerJoin('team_members as me', 'me.team_id', 'teams.id')
    .innerJoin('team_members as owner', (join) =>
      join.onRef('owner.team_id', '=', 'teams.id').on('owner.role', '=', TeamRole.owner),
    )
    .innerJoin('users as owner_user', 'owner_user.id', 'owner.user_id')
    .select(['me.role', 'owner.user_id as owner_id', 'owner_user.nick_name as owner_nick_name'])
    .where('me.user_id', '=', userId)
    .where('me.product', '=', product)
    .executeTakeFirst();
}

/** Members of a team: the owner first, then admins, then members, each by joining (spec 02 §4). */
export function membersOf(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['team_members.user_id', 'users.email', 'users.nick_name', 'team_members.role', 'team_members.joined_at'])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.role')
    .orderBy('team_members.joined_at')
    .orderBy('team_members.user_id')
    .execute();
}

/** The user id of a team's owner (its member of role 1; every team has one). */
export async function ownerOf(db: Db, teamId: number): Promise<number> {
  const owner = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('role', '=', TeamRole.owner)
    .executeTakeFirstOrThrow();
  return owner.user_id;
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
