import {
  type Company,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_SEATS_MAX,
  CompanyErrors,
  CompanyRole,
  type CompanyRoleValue,
  CompanyType,
  isCompanyExpired,
  isPlainCompanyMember,
  type LicenceLength,
  LicenceLengthMs,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import type { CompanyMembersTable } from './companies.tables.js';
import { transactionExplainingUnique } from '../../db/unique-violation.js';
import { normaliseDisplayName } from '../../lib/display-name.js';
import { appError, operatorInputError } from '../../lib/errors.js';
import { findProfiles } from '../user/index.js';
import { findOpenUser, lockNamedUser, lockOpenUserByRef, type UserRef } from '../user/index.js';
import { OTHER_COMPANY_MARKER } from '../../db/migrations/2026-11-27-903-company-spaces.js';
import * as repo from './companies.repository.js';
import { notify } from '../messages/index.js';

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
  const members = await membersOf(cdb, companyId);
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
 * Runs a membership change in one transaction and turns the database's refusals into the spec's
 * message (spec 02 §8 "The user belongs to another enterprise"): the trigger that keeps a plain
 * member out of every other company (docs/decisions/038), and the primary key of a membership.
 */
export async function inCompanyTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await transactionExplainingUnique(db, work, (columns) =>
      columns.includes('user_id') ? appError(CompanyErrors.alreadyMember) : undefined,
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes(OTHER_COMPANY_MARKER))
      throw appError(CompanyErrors.otherCompany);
    throw error;
  }
}

/**
 * Refuses a membership that breaks the rule of docs/decisions/038 before the trigger has to: a
 * person already in this company, a plain member anywhere joining another company, anyone
 * joining one as a plain member while in another. The caller holds the person's users row lock.
 */
export async function refuseOtherMembership(trx: Db, userId: number, companyId: number, role: CompanyRoleValue) {
  const memberships = await repo.membershipsOf(trx, userId);
  if (memberships.some((row) => row.company_id === companyId)) throw appError(CompanyErrors.alreadyMember);
  const plain = isPlainCompanyMember(role);
  if (memberships.some((row) => plain || isPlainCompanyMember(row.role))) throw appError(CompanyErrors.otherCompany);
}

/** Locks and returns a company to change, or `company not exists`. */
export async function lockExistingCompany(trx: Db, companyId: number, now: number) {
  const company = await repo.lockCompany(trx, companyId, now);
  if (!company) throw appError(CompanyErrors.companyNotFound);
  return company;
}

/** Adds a person under the company's lock while a seat is free, and tells them. */
export async function seatMember(
  trx: Db,
  company: { id: number; num: number; company_name: string },
  userId: number,
  role: CompanyMembersTable['role'],
  now: number,
) {
  await refuseOtherMembership(trx, userId, company.id, role);
  if ((await repo.countMembers(trx, company.id)) >= company.num) throw appError(CompanyErrors.seatsFull);
  await repo.insertMember(trx, { company_id: company.id, user_id: userId, role, joined_at: now });
  await notify(trx, userId, 'companyJoined', { company: company.company_name }, now);
}

/**
 * Operator: creates a company of `seats` seats with `owner` as its creator, who takes the
 * first seat. Refused when the owner is a plain member of a company.
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
  const companyId = await inCompanyTransaction(db, async (trx) => {
    const ownerId = await lockNamedUser(trx, input.owner, CompanyErrors.userNotFound);
    await refuseOtherMembership(trx, ownerId, 0, CompanyRole.creator);
    const { id } = await repo.insertCompany(trx, {
      company_name: name,
      num: input.seats,
      type: 'lifelong' in term ? CompanyType.lifelong : CompanyType.timeLimited,
      exp: 'lifelong' in term ? null : term.expires,
      creator: ownerId,
      code_id: null,
      created_at: now,
      updated_at: now,
    });
    await repo.insertMember(trx, { company_id: id, user_id: ownerId, role: CompanyRole.creator, joined_at: now });
    return id;
  });
  return companyDetails(db, companyId);
}

/**
 * Operator: adds a person to a company as admin or member. The person's row is locked, then the
 * company's (the order of every change to a company's people, docs/decisions/038), so of any
 * number of concurrent additions no more than the free seats succeed; a plain member of another
 * company, or anyone in another company added as a plain member, is refused.
 */
export async function addMember(db: Db, input: { companyId: number; user: UserRef; role: AddedRole }, now: number) {
  const role = addedRoles[input.role];
  if (role === undefined) throw operatorInputError('role must be admin or member');
  await inCompanyTransaction(db, async (trx) => {
    const userId = await lockOpenUserByRef(trx, input.user);
    const company = await lockExistingCompany(trx, input.companyId, now);
    if (userId === null) throw appError(CompanyErrors.userNotFound);
    await seatMember(trx, company, userId, role, now);
  });
  return companyDetails(db, input.companyId);
}

/**
 * Members of a company in the memberships' order (the creator first, then admins, then by
 * joining), each with the e-mail, nickname and avatar the user module keeps.
 */
export async function membersOf(db: Db, companyId: number) {
  const memberships = await repo.membershipsInOrder(db, companyId);
  const profiles = new Map(
    (
      await findProfiles(
        db,
        memberships.map((member) => member.user_id),
      )
    ).map((profile) => [profile.id, profile]),
  );
  return memberships.flatMap((member) => {
    const profile = profiles.get(member.user_id);
    return profile
      ? [{ ...member, email: profile.email, nick_name: profile.nick_name, avatar_url: profile.avatar_url }]
      : [];
  });
}

/** Operator: takes a person out of a company, freeing their seat. The creator stays (spec 02 §1). */
export async function removeMember(db: Db, input: { companyId: number; user: UserRef }, now: number) {
  await inCompanyTransaction(db, async (trx) => {
    const company = await repo.lockCompany(trx, input.companyId, now);
    if (!company) throw appError(CompanyErrors.companyNotFound);
    // A closed account is no longer anyone's member (the closing removed it): "not exists".
    const user = await findOpenUser(trx, input.user);
    if (!user) throw appError(CompanyErrors.userNotFound);
    const membership = await repo.membershipIn(trx, company.id, user.id);
    if (!membership) throw appError(CompanyErrors.notMember);
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
 * Whether `userId` may buy a new business plan: anyone who is not a plain member of a company (it
 * makes them a company of their own; a plain member belongs to one company only).
 */
export async function mayBuyBusinessPlan(db: Db, userId: number): Promise<boolean> {
  const memberships = await repo.membershipsOf(db, userId);
  return !memberships.some((row) => isPlainCompanyMember(row.role));
}

/** What a company's creator may buy for it: a longer term (type 9 only) or more seats (before its end). */
export type CompanyChange = 'time' | 'seats';

/**
 * The company `userId` created, as they may change it by buying: refused for anyone else (only the
 * owner adds time or seats, spec 02 §4), more time for a lifelong company, seats for an expired one
 * (`any`: only the owner's check, for the prices).
 */
export async function companyToGrow(
  db: Db,
  userId: number,
  companyId: number,
  change: CompanyChange | 'any',
  now: number,
) {
  const [membership, company] = await Promise.all([
    repo.membershipIn(db, companyId, userId),
    repo.findCompany(db, companyId),
  ]);
  if (!membership || !company) throw appError(CompanyErrors.companyNotFound);
  if (membership.role !== CompanyRole.creator) throw appError(CompanyErrors.notAllowed);
  if (change === 'time' && company.type === CompanyType.lifelong) throw appError(CompanyErrors.lifelong);
  if (change === 'seats' && isCompanyExpired(company, now)) throw appError(CompanyErrors.expired);
  return company;
}

/** A new company, with `userId` as its creator in the first seat. The caller holds their users row lock. */
async function foundCompany(
  trx: Db,
  userId: number,
  input: { name: string | null; seats: number; exp: number | null; codeId: number | null },
  now: number,
) {
  await refuseOtherMembership(trx, userId, 0, CompanyRole.creator);
  const [user] = await findProfiles(trx, [userId]);
  if (!user) throw new Error(`a company is founded by account ${userId}, which does not exist`);
  const { id } = await repo.insertCompany(trx, {
    // Named after the creator until renamed.
    company_name: input.name ?? normaliseDisplayName(user.nick_name, COMPANY_NAME_MAX_LENGTH) ?? `Company ${userId}`,
    num: input.seats,
    type: input.exp === null ? CompanyType.lifelong : CompanyType.timeLimited,
    exp: input.exp,
    creator: userId,
    code_id: input.codeId,
    created_at: now,
    updated_at: now,
  });
  await repo.insertMember(trx, { company_id: id, user_id: userId, role: CompanyRole.creator, joined_at: now });
  return id;
}

/** A company name as a person typed it (spec 02 §5: at most 20 characters), or `invalid company name`. */
export function typedCompanyName(raw: string): string {
  const name = normaliseDisplayName(raw, COMPANY_NAME_MAX_LENGTH);
  if (name === null) throw appError(CompanyErrors.nameInvalid);
  return name;
}

/** What a company code gives (docs/decisions/038): seats, and a lifelong company or one of a term. */
export interface CompanyCodeBenefit {
  seats: number;
  type: 8 | 9;
  length: LicenceLength | null;
}

const lengthSeconds = (length: LicenceLength | null) =>
  length === null ? null : Math.round(LicenceLengthMs[length] / 1000);

/**
 * The first redemption of a company code, in the redemption's transaction: a new company with the
 * person redeeming as creator, remembered as the code's.
 */
export async function foundCompanyFromCode(
  trx: Db,
  userId: number,
  input: { benefit: CompanyCodeBenefit; codeId: number; name: string | null },
  now: number,
): Promise<number> {
  const seconds = lengthSeconds(input.benefit.length);
  const exp = input.benefit.type === CompanyType.lifelong || seconds === null ? null : now + seconds;
  return foundCompany(trx, userId, { name: input.name, seats: input.benefit.seats, exp, codeId: input.codeId }, now);
}

/**
 * A later redemption of a used company code (spec 02 §4, `err_type` 2): the person is added as an
 * admin of the company the code created, while a seat is free. Null when the code created none
 * (it was used up otherwise): an ordinary used code.
 */
export async function joinCompanyOfCode(trx: Db, userId: number, codeId: number, now: number): Promise<number | null> {
  const made = await repo.companyOfCode(trx, codeId);
  if (!made) return null;
  const company = await lockExistingCompany(trx, made.id, now);
  await seatMember(trx, company, userId, CompanyRole.admin, now);
  return company.id;
}

/** A business plan bought (spec 02 §9): seats, and a lifelong company (8) or time (9). */
export interface BusinessPlanBought {
  seats: number;
  type: 8 | 9;
  /** How long time-limited seats last; null for lifelong. */
  length: LicenceLength | null;
  /** An existing company of the buyer's, and what was bought for it; a new company when absent. */
  company?: { id: number; change: CompanyChange; priced?: CompanyPricedFor | null } | undefined;
}

/**
 * The company a term or seats were priced for (docs/decisions/052): a term is priced for its
 * seats, seats for the time until its end (null: lifelong).
 */
export interface CompanyPricedFor {
  seats: number;
  end: number | null;
}

/** A payment refused because the company is no longer what it was priced for: nothing is given. */
export interface CompanyChangedSincePriced {
  refused: 'seats_changed' | 'end_changed';
  priced: CompanyPricedFor;
  found: CompanyPricedFor;
}

/** What a term or seats bought for `company` would give differently from what was priced, if anything. */
function changedSincePriced(
  company: { num: number; exp: number | null; type: number },
  change: CompanyChange,
  priced: CompanyPricedFor,
): CompanyChangedSincePriced | null {
  const found = { seats: company.num, end: company.type === CompanyType.lifelong ? null : company.exp };
  // A term covers every seat the company has when it is given: it was paid for `priced.seats`.
  if (change === 'time' && found.seats !== priced.seats) return { refused: 'seats_changed', priced, found };
  // Seats last to the company's end: they were paid for the time until `priced.end`.
  if (change === 'seats' && found.end !== priced.end) return { refused: 'end_changed', priced, found };
  return null;
}

/**
 * Gives a paid business plan, in the payment's transaction (the caller holds the buyer's row
 * lock): a new company of `seats` seats with the buyer as creator, named after them until they
 * rename it; or, bought for a company they created (coop/recharge, coop/subscription), its term
 * extended from its end (or from now when it has ended) for every seat, or its seats added. Null
 * when it cannot be given (the buyer is no longer its creator, or has become a plain member
 * elsewhere, or the seats would pass the limit): the payment then waits for an operator's refund.
 * Refused when the company is no longer what the payment was priced for (`priced`: its seats for
 * a term, its end for seats): what a payment gives is what was priced, so the caller refunds it.
 */
export async function giveBusinessPlan(
  trx: Db,
  userId: number,
  plan: BusinessPlanBought,
  now: number,
): Promise<{ companyId: number; exp: number | null } | CompanyChangedSincePriced | null> {
  const seconds = lengthSeconds(plan.length);
  if (!plan.company) {
    if (!(await mayBuyBusinessPlan(trx, userId))) return null;
    const exp = plan.type === CompanyType.lifelong || seconds === null ? null : now + seconds;
    const companyId = await foundCompany(trx, userId, { name: null, seats: plan.seats, exp, codeId: null }, now);
    return { companyId, exp };
  }
  const company = await repo.lockCompany(trx, plan.company.id, now);
  const membership = await repo.membershipIn(trx, plan.company.id, userId);
  if (!company || membership?.role !== CompanyRole.creator) return null;
  const changed = plan.company.priced ? changedSincePriced(company, plan.company.change, plan.company.priced) : null;
  if (changed) return changed;
  if (plan.company.change === 'seats') {
    if (company.num + plan.seats > COMPANY_SEATS_MAX) return null;
    await repo.updateCompany(trx, company.id, { num: company.num + plan.seats, updated_at: now });
    return { companyId: company.id, exp: company.exp };
  }
  if (company.type === CompanyType.lifelong || seconds === null) return null;
  const exp = Math.max(company.exp ?? now, now) + seconds;
  await repo.updateCompany(trx, company.id, { exp, updated_at: now });
  return { companyId: company.id, exp };
}

// ---- customer service (operator commands) ----------------------------------------------------

/**
 * Operator: hands a company to a new creator (spec 02 §1: "changing the enterprise administrator
 * account requires contacting customer service"). The old creator stays as an admin, or leaves;
 * the new one is promoted in place or takes a seat. One transaction under the company's lock, so
 * the company never has two creator rows (the partial unique index) nor ends with none.
 */
export async function handOverCompany(
  db: Db,
  input: { companyId: number; to: UserRef; previous: 'admin' | 'remove' },
  now: number,
) {
  await inCompanyTransaction(db, async (trx) => {
    const newId = await lockOpenUserByRef(trx, input.to);
    const company = await lockExistingCompany(trx, input.companyId, now);
    if (newId === null) throw appError(CompanyErrors.userNotFound);
    const members = await membersOf(trx, company.id);
    const old = members.find((member) => member.role === CompanyRole.creator);
    if (old?.user_id === newId) throw operatorInputError('that person is the creator already');
    if (old && input.previous === 'remove') {
      await repo.deleteMember(trx, company.id, old.user_id);
      await notify(trx, old.user_id, 'companyLeft', { company: company.company_name }, now);
    } else if (old) {
      await repo.setRole(trx, company.id, old.user_id, CompanyRole.admin);
    }
    if (members.some((member) => member.user_id === newId)) {
      await repo.setRole(trx, company.id, newId, CompanyRole.creator);
    } else {
      await seatMember(trx, company, newId, CompanyRole.creator, now);
    }
    await repo.updateCompany(trx, company.id, { creator: newId });
    await notify(trx, newId, 'companyCreatorGiven', { company: company.company_name }, now);
  });
  return companyDetails(db, input.companyId);
}

/**
 * Operator: changes a company's seats or term. Seats never go below those taken (seats are
 * counted under the company's lock, docs/decisions/010).
 */
export async function setCompanyPlan(
  db: Db,
  input: { companyId: number; seats?: number | undefined; term?: CompanyTerm | undefined },
  now: number,
) {
  const { seats, term } = input;
  if (seats === undefined && term === undefined) throw operatorInputError('give --seats, --lifelong or --expires');
  if (seats !== undefined && (!Number.isSafeInteger(seats) || seats < 1 || seats > COMPANY_SEATS_MAX))
    throw operatorInputError(`seats must be a whole number from 1 to ${COMPANY_SEATS_MAX}`);
  await db.transaction().execute(async (trx) => {
    const company = await lockExistingCompany(trx, input.companyId, now);
    if (seats !== undefined && seats < (await repo.countMembers(trx, company.id)))
      throw operatorInputError('fewer seats than members: remove members first');
    await repo.updateCompany(trx, company.id, {
      ...(seats !== undefined ? { num: seats } : {}),
      ...(term === undefined
        ? {}
        : 'lifelong' in term
          ? { type: CompanyType.lifelong, exp: null }
          : { type: CompanyType.timeLimited, exp: term.expires }),
      updated_at: now,
    });
  });
  return companyDetails(db, input.companyId);
}

/** Operator: companies, newest first, or those a person belongs to. */
export async function listCompanies(db: Db, input: { user?: UserRef | undefined; limit: number }) {
  let userId: number | null = null;
  if (input.user) {
    const user = await findOpenUser(db, input.user);
    if (!user) throw appError(CompanyErrors.userNotFound);
    userId = user.id;
  }
  const rows = await repo.listCompanies(db, userId, input.limit);
  return rows.map((row) => ({
    id: row.id,
    company_name: row.company_name,
    type: row.type,
    exp: row.exp,
    num: row.num,
    used_num: Number(row.used_num ?? 0),
    creator: row.creator,
    created_at: row.created_at,
    from_code: row.code_id !== null,
  }));
}

/** What a refund of a business payment takes back from its company (docs/decisions/038). */
export interface BusinessPlanTakenBack {
  kind: 'company_seats' | 'company_time' | 'company_ended';
  granted: number;
  taken: number;
}

/**
 * Takes back what a refunded business payment gave its company, in the refund's transaction:
 * seats bought (never below the members it has: those seats are kept, and the answer says how
 * many were taken), a term bought (its length off the end, not before now), or, for the payment
 * that made the company, the company's plan, which ends now (its members stay until removed).
 */
export async function takeBackBusinessPlan(
  trx: Db,
  input: { companyId: number; change: CompanyChange | null; seats: number; length: LicenceLength | null },
  now: number,
): Promise<BusinessPlanTakenBack> {
  const company = await lockExistingCompany(trx, input.companyId, now);
  if (input.change === 'seats') {
    const members = await repo.countMembers(trx, company.id);
    const num = Math.max(members, 1, company.num - input.seats);
    await repo.updateCompany(trx, company.id, { num, updated_at: now });
    return { kind: 'company_seats', granted: input.seats, taken: company.num - num };
  }
  if (input.change === 'time') {
    const seconds = lengthSeconds(input.length) ?? 0;
    if (company.type === CompanyType.lifelong || company.exp === null)
      return { kind: 'company_time', granted: seconds, taken: 0 };
    const exp = Math.max(now, company.exp - seconds);
    await repo.updateCompany(trx, company.id, { exp, updated_at: now });
    return { kind: 'company_time', granted: seconds, taken: company.exp - exp };
  }
  const left = company.exp === null ? null : Math.max(0, company.exp - now);
  await repo.updateCompany(trx, company.id, { type: CompanyType.timeLimited, exp: now, updated_at: now });
  return { kind: 'company_ended', granted: company.num, taken: left ?? company.num };
}
