import {
  canManageCompanyMember,
  CompanyRole,
  CompanyType,
  isCompanyExpired,
  isPlainCompanyMember,
} from '@account-centre/contract';
import type { Company } from './api/get-companies';
import type { CompanyMember } from './api/get-company-members';

/** The enterprise page's tabs (spec 02 §2), in the order they show. */
export type CompanyTab = 'create' | 'order' | 'members' | 'settings';

/**
 * The tabs on show (spec 02 §2, §6): Create company in the domestic build only (companies are
 * created by activation code there); Order info, Member manage and Company settings for the
 * creator and admins of the chosen company — a plain member manages nothing.
 */
export function companyTabs(domestic: boolean, company: Company | null): CompanyTab[] {
  const managed = company !== null && !isPlainCompanyMember(company.user_type);
  return [...(domestic ? (['create'] as const) : []), ...(managed ? (['order', 'members', 'settings'] as const) : [])];
}

/**
 * The tab the page opens on (spec 02 §2 "Default tab"): overseas, Order; domestic, Create when the
 * user has no company or is a plain member of the chosen one, otherwise Order. Null when that tab
 * is not on show (overseas without a company to manage): the page has no tabs then.
 */
export function defaultCompanyTab(domestic: boolean, company: Company | null): CompanyTab | null {
  const wanted: CompanyTab =
    domestic && (company === null || isPlainCompanyMember(company.user_type)) ? 'create' : 'order';
  return companyTabs(domestic, company).includes(wanted) ? wanted : null;
}

/**
 * The company the page shows first: the first the user creates or administers (a person may
 * manage several), else the one they are a plain member of.
 */
export function preferredCompany(companies: readonly Company[]): Company | null {
  return companies.find((company) => !isPlainCompanyMember(company.user_type)) ?? companies[0] ?? null;
}

/**
 * Spec 02 §4: the add-time button shows for the creator of a time-limited company; the add-seats
 * button for the creator of a company that has not expired.
 */
export function companyPurchases(company: Company, nowSeconds: number): { time: boolean; seats: boolean } {
  const creator = company.user_type === CompanyRole.creator;
  return {
    time: creator && company.type === CompanyType.timeLimited,
    seats: creator && !isCompanyExpired(company, nowSeconds),
  };
}

/** What the authorization dropdown offers: a role (0 member, 1 admin) or removal (−1). */
export type MemberAction = typeof CompanyRole.member | typeof CompanyRole.admin | -1;
export const REMOVE_MEMBER = -1;

/**
 * Whether the viewer has power over a member (spec 02 §4): never over the creator or themself; an
 * admin not over another admin; a plain member over nobody.
 */
export function canManageMember(viewer: { userId: number; role: number }, target: CompanyMember): boolean {
  return canManageCompanyMember(
    { user_id: viewer.userId, role: viewer.role },
    { user_id: target.user_id, role: target.type },
  );
}

/**
 * The authorization dropdown's options for a member (spec 02 §4): member and admin — for the
 * creator only, since only the creator assigns roles ("Managers see no role options") — and
 * removal unless the member's type is 3. Empty when the viewer has no power over the member.
 */
export function memberActions(viewer: { userId: number; role: number }, target: CompanyMember): MemberAction[] {
  if (!canManageMember(viewer, target)) return [];
  const roles: MemberAction[] = viewer.role === CompanyRole.creator ? [CompanyRole.member, CompanyRole.admin] : [];
  return target.type === CompanyRole.memberAlt ? roles : [...roles, REMOVE_MEMBER];
}

/** A role's name key under `team:company.roles`. */
export function companyRoleKey(role: number): 'creator' | 'admin' | 'member' {
  if (role === CompanyRole.creator) return 'creator';
  return role === CompanyRole.admin ? 'admin' : 'member';
}
