import {
  type Company,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_SEATS_MAX,
  CompanyErrors,
  CompanyRole,
  CompanyType,
  type LicenceLength,
  LicenceLengthMs,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import type { CompanyMembersTable } from '../../db/schema.js';
import { transactionExplainingUnique } from '../../db/unique-violation.js';
import { normaliseDisplayName } from '../../lib/display-name.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { findOpenUser, type UserRef } from '../user/user.repository.js';
import { lockNamedUser } from '../user/user.service.js';
import * as repo from './companies.repository.js';
import { notify } from '../messages/notify.js';

export type CompanyDto = Static<typeof Company>;

/** How long a company lasts: for life (type 8) or until a moment (type 9). */
export type CompanyTerm = { lifelong: true } | { expires: number };

/** Roles an operator gives when adding someone; the creator is made only with the company. */
export type AddedRole = 'admin' | 'member';
const addedRoles: Record<AddedRole, CompanyMembersTable['role']> = {
  admin: CompanyRole.admin,
  member: CompanyRole.member,
};

type CompanyRow = NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>;

/** The spec's Enterprise fields of a company row, for a viewer of `role`. */
function toCompany(row: CompanyRow, role: CompanyMembersTable['role']): CompanyDto {
  return {
    id: row.id,
    company_name: row.company_name,
    used_num: Number(row.used_num ?? 0),
    num: row.num,
    created_at: row.created_at,
    exp: row.exp,
    user_type: role,
    type: row.type,
  };
}

/** The companies the user belongs to (GET …/coop/cmember): none or one, as a list. */
export async function companiesOf(db: Db, userId: number): Promise<CompanyDto[]> {
  const rows = await repo.companiesOfUser(db, userId);
  return rows.map((row) => toCompany(row, row.role));
}

/** A company as the operator sees it: its fields, who created it, and its members. */
export async function companyDetails(db: Db, companyId: number) {
  const cdb = db;
  const company = await repo.findCompany(cdb, companyId);
  if (!company) throw appError(CompanyErrors.companyNotFound);
  const members = await repo.membersOf(cdb, companyId);
  return {
    id: company.id,
    company_name: company.company_name,
    type: company.type,
    num: company.num,
    used_num: Number(company.used_num ?? 0),
    exp: company.exp,
    created_at: company.created_at,
    creator: company.creator,
    members: members.map((member) => ({
      user_id: member.user_id,
      email: member.email,
      nick_name: member.nick_name,
      avatar_url: member.avatar_url,
      type: member.role,
      joined_at: member.joined_at,
    })),
  };
}

function companyName(raw: string): string {
  // Spec 02 §5: at most 20 characters.
  const name = normaliseDisplayName(raw, COMPANY_NAME_MAX_LENGTH);
  if (name === null) throw operatorInputError(`company name must have 1 to ${COMPANY_NAME_MAX_LENGTH} characters`);
  return name;
}

/**
 * Runs a membership change in one transaction and turns the unique index on the member's
 * user id into the spec's message: a person belongs to one company at most (spec 02 §8).
 */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return transactionExplainingUnique(db, work, (columns) =>
    columns.includes('user_id') ? appError(CompanyErrors.otherCompany) : undefined,
  );
}

/**
 * Operator: creates a company of `seats` seats with `owner` as its creator, who takes the
 * first seat. Refused when the owner already belongs to a company.
 */
export async function createCompany(
  db: Db,
  input: { name: string; owner: UserRef; seats: number; term: CompanyTerm },
  now: number,
) {
  const name = companyName(input.name);
  if (!Number.isSafeInteger(input.seats) || input.seats < 1 || input.seats > COMPANY_SEATS_MAX) {
    throw operatorInputError(`seats must be a whole number from 1 to ${COMPANY_SEATS_MAX}`);
  }
  const term = input.term;
  if ('expires' in term && (!Number.isSafeInteger(term.expires) || term.expires <= now)) {
    throw operatorInputError('the expiry must lie in the future');
  }
  const companyId = await inTransaction(db, async (trx) => {
    const ownerId = await lockNamedUser(trx, input.owner, CompanyErrors.userNotFound);
    const { id } = await repo.insertCompany(trx, {
      company_name: name,
      num: input.seats,
      type: 'lifelong' in term ? CompanyType.lifelong : CompanyType.timeLimited,
      exp: 'lifelong' in term ? null : term.expires,
      creator: ownerId,
      created_at: now,
      updated_at: now,
    });
    await repo.insertMember(trx, { company_id: id, user_id: ownerId, role: CompanyRole.creator, joined_at: now });
    return id;
  });
  return companyDetails(db, companyId);
}

/**
 * Operator: adds a person to a company as admin or member. The company row is locked first,
 * so of any number of concurrent additions no more than the free seats succeed; the unique
 * index on the member's user id refuses a person who belongs to another company.
 */
export async function addMember(db: Db, input: { companyId: number; user: UserRef; role: AddedRole }, now: number) {
  const role = addedRoles[input.role];
  if (role === undefined) throw operatorInputError('role must be admin or member');
  await inTransaction(db, async (trx) => {
    const company = await repo.lockCompany(trx, input.companyId, now);
    if (!company) throw appError(CompanyErrors.companyNotFound);
    const userId = await lockNamedUser(trx, input.user, CompanyErrors.userNotFound);
    const current = await repo.findMembership(trx, userId);
    if (current) {
      throw appError(current.company_id === company.id ? CompanyErrors.alreadyMember : CompanyErrors.otherCompany);
    }
    if ((await repo.countMembers(trx, company.id)) >= company.num) throw appError(CompanyErrors.seatsFull);
    await repo.insertMember(trx, { company_id: company.id, user_id: userId, role, joined_at: now });
    await notify(trx, userId, 'companyJoined', { company: company.company_name }, now);
  });
  return companyDetails(db, input.companyId);
}

/** Operator: takes a person out of a company, freeing their seat. The creator stays (spec 02 §1). */
export async function removeMember(db: Db, input: { companyId: number; user: UserRef }, now: number) {
  await inTransaction(db, async (trx) => {
    const company = await repo.lockCompany(trx, input.companyId, now);
    if (!company) throw appError(CompanyErrors.companyNotFound);
    // A closed account is no longer anyone's member (the closing removed it): "not exists".
    const user = await findOpenUser(trx, input.user);
    if (!user) throw appError(CompanyErrors.userNotFound);
    const membership = await repo.findMembership(trx, user.id);
    if (!membership || membership.company_id !== company.id) throw appError(CompanyErrors.notMember);
    // Changing the creator goes through customer service (spec 02 §1), never a plain removal.
    if (membership.role === CompanyRole.creator) throw appError(CompanyErrors.creatorStays);
    await repo.deleteMember(trx, company.id, user.id);
    await notify(trx, user.id, 'companyLeft', { company: company.company_name }, now);
  });
  return companyDetails(db, input.companyId);
}

/** A business plan bought (spec 02 §9): seats, and a lifelong company (8) or time (9). */
export interface BusinessPlanBought {
  seats: number;
  type: 8 | 9;
  /** How long time-limited seats last; null for lifelong. */
  length: LicenceLength | null;
}

/**
 * Whether `userId` may buy a business plan: anyone in no company (it makes one), or the creator
 * of the company they are in (it grows it). An admin or a member of someone else's company may
 * not (`member already exist other company`).
 */
export async function mayBuyBusinessPlan(db: Db, userId: number): Promise<boolean> {
  const membership = await repo.findMembership(db, userId);
  return !membership || membership.role === CompanyRole.creator;
}

/**
 * Gives a paid business plan, in the payment's transaction (the caller holds the buyer's row
 * lock): a new company of `seats` seats with the buyer as creator, named after them until they
 * rename it; or, for the creator of one, its seats added and its time extended from its end (or
 * from now when it has ended) — a lifelong plan makes it lifelong. Null when it cannot be given
 * (the buyer joined someone else's company since, or the seats would pass the limit): the
 * payment then waits for an operator's refund.
 */
export async function giveBusinessPlan(
  trx: Db,
  userId: number,
  plan: BusinessPlanBought,
  now: number,
): Promise<{ companyId: number; exp: number | null } | null> {
  const length = plan.length === null ? null : Math.round(LicenceLengthMs[plan.length] / 1000);
  const membership = await repo.findMembership(trx, userId);
  if (!membership) {
    const user = await trx.selectFrom('users').select('nick_name').where('id', '=', userId).executeTakeFirstOrThrow();
    const exp = plan.type === CompanyType.lifelong || length === null ? null : now + length;
    const { id } = await repo.insertCompany(trx, {
      company_name: normaliseDisplayName(user.nick_name, COMPANY_NAME_MAX_LENGTH) ?? `Company ${userId}`,
      num: plan.seats,
      type: exp === null ? CompanyType.lifelong : CompanyType.timeLimited,
      exp,
      creator: userId,
      created_at: now,
      updated_at: now,
    });
    await repo.insertMember(trx, { company_id: id, user_id: userId, role: CompanyRole.creator, joined_at: now });
    return { companyId: id, exp };
  }
  if (membership.role !== CompanyRole.creator) return null;
  const company = await repo.lockCompany(trx, membership.company_id, now);
  const current = await repo.findCompany(trx, membership.company_id);
  if (!company || !current || company.num + plan.seats > COMPANY_SEATS_MAX) return null;
  const lifelong = current.type === CompanyType.lifelong || plan.type === CompanyType.lifelong || length === null;
  const exp = lifelong ? null : Math.max(current.exp ?? now, now) + (length as number);
  await trx
    .updateTable('companies')
    .set({
      num: company.num + plan.seats,
      type: lifelong ? CompanyType.lifelong : CompanyType.timeLimited,
      exp,
      updated_at: now,
    })
    .where('id', '=', company.id)
    .execute();
  return { companyId: company.id, exp };
}
