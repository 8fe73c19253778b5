import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  COMPANY_INVITE_PARAM,
  COMPANY_INVITE_TTL_SECONDS,
  type CompanyMember,
  canManageCompanyMember,
  CompanyErrors,
  CompanyRole,
  type CompanyRoleValue,
  CommonErrors,
  isPlainCompanyMember,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { qrSvg } from '../../lib/qr.js';
import { notify } from '../messages/index.js';
import { lockOpenUser } from '../user/index.js';
import {
  type CompanyDto,
  companiesOf,
  membersOf,
  inCompanyTransaction,
  lockExistingCompany,
  seatMember,
  typedCompanyName,
} from './companies.service.js';
import * as repo from './companies.repository.js';

/**
 * The enterprise page's work (spec 02 §2, §4, §6; docs/decisions/038): who may see and manage a
 * company, its members and their roles, invitations, its name and settings. Every rule is the
 * server's; the page only hides what it would refuse.
 */

type MemberDto = Static<typeof CompanyMember>;

/** Marks an idempotent request's key applied inside the transaction of its work. */
type MarkApplied = (trx: Db) => Promise<void>;

/** The company as `userId` sees it in GET coop/cmember, after a change. */
async function companyAsSeenBy(db: Db, userId: number, companyId: number): Promise<CompanyDto> {
  const company = (await companiesOf(db, userId)).find((row) => row.id === companyId);
  if (!company) throw appError(CompanyErrors.companyNotFound);
  return company;
}

/**
 * The caller's role in a company they manage (creator or admin): a company they are not in is
 * `company not exists` — whether it exists is not theirs to learn —, and a plain member manages
 * nothing (spec 02 §6: members see no management tabs).
 */
export async function managerRole(db: Db, companyId: number, userId: number): Promise<CompanyRoleValue> {
  const membership = await repo.membershipIn(db, companyId, userId);
  if (!membership) throw appError(CompanyErrors.companyNotFound);
  if (isPlainCompanyMember(membership.role)) throw appError(CompanyErrors.notAllowed);
  return membership.role;
}

/** Members of a company, the creator first, then admins, then by joining (spec 02 §4 "owner first"). */
export async function membersOfCompany(db: Db, companyId: number, userId: number): Promise<MemberDto[]> {
  await managerRole(db, companyId, userId);
  const rows = await membersOf(db, companyId);
  return rows.map((row) => ({
    user_id: row.user_id,
    nick_name: row.nick_name,
    avatar_url: row.avatar_url ?? '',
    type: row.role,
    joined_at: row.joined_at,
  }));
}

export interface MemberChange {
  companyId: number;
  viewerId: number;
  ids: readonly number[];
  /** DEL removes, UPDATE sets `type` (spec 02 §7 updateMember). */
  operation: 'DEL' | 'UPDATE';
  type?: 0 | 1 | undefined;
}

/**
 * Removes members or sets their role, all or none, under the locks of the people named and the
 * company's (spec 02 §4, §6): the creator and admins remove members, only the creator sets roles,
 * nobody touches the creator or themself, an admin never another admin. A person made a plain member must be in no other
 * company (docs/decisions/038), which their users row's lock keeps true against a concurrent join.
 */
export async function changeMembers(
  db: Db,
  change: MemberChange,
  now: number,
  markApplied: MarkApplied = async () => {},
): Promise<CompanyDto> {
  if (change.operation === 'UPDATE' && change.type === undefined) throw appError(CommonErrors.invalidRequest);
  const ids = [...new Set(change.ids)];
  await inCompanyTransaction(db, async (trx) => {
    // The people first, in id order, then the company: the order a payment for the company takes
    // (its buyer, then the company), so neither waits on the other (docs/decisions/038).
    const closed = new Set<number>();
    for (const memberId of [...ids].sort((a, b) => a - b)) {
      if (memberId !== change.viewerId && !(await lockOpenUser(trx, memberId))) closed.add(memberId);
    }
    const company = await lockExistingCompany(trx, change.companyId, now);
    const viewer = await managerRole(trx, company.id, change.viewerId);
    if (change.operation === 'UPDATE' && viewer !== CompanyRole.creator) throw appError(CompanyErrors.notAllowed);
    for (const memberId of ids) {
      if (memberId === change.viewerId) throw appError(CompanyErrors.cannotManage);
      // "user not exists" (lg_company_not_exist_users) for an id of no open account.
      if (closed.has(memberId)) throw appError(CompanyErrors.userNotFound);
      const target = await repo.membershipIn(trx, company.id, memberId);
      if (!target) throw appError(CompanyErrors.notMember);
      if (!canManageCompanyMember({ user_id: change.viewerId, role: viewer }, { user_id: memberId, role: target.role }))
        throw appError(CompanyErrors.cannotManage);
      if (change.operation === 'DEL') {
        await repo.deleteMember(trx, company.id, memberId);
        await notify(trx, memberId, 'companyLeft', { company: company.company_name }, now);
      } else if (target.role !== change.type) {
        // The trigger refuses a plain membership beside another company's (otherCompany).
        await repo.setRole(trx, company.id, memberId, change.type as 0 | 1);
        const kind = change.type === CompanyRole.admin ? 'companyAdmin' : 'companyMember';
        await notify(trx, memberId, kind, { company: company.company_name }, now);
      }
    }
    await markApplied(trx);
  });
  return companyAsSeenBy(db, change.viewerId, change.companyId);
}

/** Renames a company (spec 02 §4 "Enterprise rename"; its creator and admins). */
export async function renameCompany(
  db: Db,
  input: { companyId: number; userId: number; name: string },
  now: number,
): Promise<CompanyDto> {
  const name = typedCompanyName(input.name);
  await db.transaction().execute(async (trx) => {
    await lockExistingCompany(trx, input.companyId, now);
    await managerRole(trx, input.companyId, input.userId);
    await repo.updateCompany(trx, input.companyId, { company_name: name, updated_at: now });
  });
  return companyAsSeenBy(db, input.userId, input.companyId);
}

// ---- invitations ---------------------------------------------------------------------------

function inviteSignature(secretKey: string, companyId: number, expiresAt: number): Buffer {
  return createHmac('sha256', secretKey).update(`company-invite:${companyId}:${expiresAt}`).digest();
}

/**
 * A signed invitation to a company, valid for a week (docs/decisions/038): its id, its end and
 * their HMAC under the server's key. Nothing is stored: a link cannot be revoked one by one, so it
 * is short-lived, and seats and the membership rules are checked again when it is used.
 */
export async function invitationLink(
  db: Db,
  input: { companyId: number; userId: number; secretKey: string; origin: string },
  now: number,
) {
  await managerRole(db, input.companyId, input.userId);
  const expiresAt = now + COMPANY_INVITE_TTL_SECONDS;
  const invite = `${input.companyId}.${expiresAt}.${inviteSignature(input.secretKey, input.companyId, expiresAt).toString('base64url')}`;
  const url = `${input.origin}/team?${new URLSearchParams({ tend: 'mind', [COMPANY_INVITE_PARAM]: invite })}`;
  return { url, invite, expires_at: expiresAt };
}

/** The company a well-signed, unexpired invitation names, or `invitation invalid or expired`. */
function invitedCompany(secretKey: string, invite: string, now: number): { companyId: number; expiresAt: number } {
  const [id, end, signature] = invite.split('.');
  const companyId = Number(id);
  const expiresAt = Number(end);
  const expected = inviteSignature(secretKey, companyId, expiresAt);
  const given = Buffer.from(signature ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || expiresAt <= now)
    throw appError(CompanyErrors.inviteInvalid);
  return { companyId, expiresAt };
}

/** What an invitation offers, before joining: the company, its seats, and whether the caller is in it. */
export async function invitationOf(db: Db, input: { invite: string; userId: number; secretKey: string }, now: number) {
  const { companyId, expiresAt } = invitedCompany(input.secretKey, input.invite, now);
  const company = await repo.findCompany(db, companyId);
  if (!company) throw appError(CompanyErrors.inviteInvalid);
  const membership = await repo.membershipIn(db, companyId, input.userId);
  return {
    company_id: company.id,
    company_name: company.company_name,
    used_num: Number(company.used_num ?? 0),
    num: company.num,
    expires_at: expiresAt,
    user_type: membership?.role ?? null,
  };
}

/**
 * Joins the company of an invitation as a plain member (spec 02 §7 `POST coop/cmember`): under the
 * company's lock, so of any number of people opening one link at once no more than the free seats
 * join; refused for a person in another company (`member already exist other company`).
 */
export async function joinByInvitation(
  db: Db,
  input: { invite: string; userId: number; secretKey: string },
  now: number,
  markApplied: MarkApplied = async () => {},
): Promise<CompanyDto> {
  const { companyId } = invitedCompany(input.secretKey, input.invite, now);
  await inCompanyTransaction(db, async (trx) => {
    // The person, then the company (docs/decisions/038).
    const open = await lockOpenUser(trx, input.userId);
    const company = await repo.lockCompany(trx, companyId, now);
    if (!company) throw appError(CompanyErrors.inviteInvalid);
    if (!open) throw appError(CompanyErrors.userNotFound);
    await seatMember(trx, company, input.userId, CompanyRole.member, now);
    await markApplied(trx);
  });
  return companyAsSeenBy(db, input.userId, companyId);
}

// ---- settings --------------------------------------------------------------------------------

/**
 * The conglomerate (federation) id customer service knows a company by: its id, prefixed so it
 * is not mistaken for a user id when read out on the phone.
 */
export const federationId = (companyId: number) => `E${String(companyId).padStart(8, '0')}`;

/** The settings tab's facts (spec 02 §2): the conglomerate id and customer service's contact. */
export async function companySettings(db: Db, input: { companyId: number; userId: number; contactUrl: string | null }) {
  await managerRole(db, input.companyId, input.userId);
  return {
    federation_id: federationId(input.companyId),
    contact: input.contactUrl ? { url: input.contactUrl, qr_svg: qrSvg(input.contactUrl) } : null,
  };
}
