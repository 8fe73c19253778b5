/** Mind-map companies' rules (spec 02 §3–§6, docs/decisions/010 and 038), shared by the shell, the enterprise page and the server. */

/** Spec 02 §5, §9: an enterprise name has at most 20 characters. */
export const COMPANY_NAME_MAX_LENGTH = 20;

/** Seats an operator may give one company: a typing slip of an extra digit stays refused. */
export const COMPANY_SEATS_MAX = 100_000;

/**
 * A person's role in a mind-map company (spec 02 §1, §3 "Enterprise member"): 2 creator,
 * 1 admin, 0 member. The spec also reads 3 as a member; we store 0 and accept both when reading.
 */
export const CompanyRole = { member: 0, admin: 1, creator: 2, memberAlt: 3 } as const;
export type CompanyRoleValue = (typeof CompanyRole)[keyof typeof CompanyRole];

/** Kinds of company plan (spec 02 §3 "Enterprise" `type`): 8 lifelong, 9 time-limited. */
export const CompanyType = { lifelong: 8, timeLimited: 9 } as const;
export type CompanyTypeValue = (typeof CompanyType)[keyof typeof CompanyType];

/**
 * A plain member (user_type 0 or 3) neither manages the company nor buys for it: the member
 * rule of spec 01 §4 and spec 02 §6 ("members of a mind-map company do not load orders,
 * members or pricing") applies to exactly these. Creators and admins load everything.
 */
export function isPlainCompanyMember(userType: number): boolean {
  return userType === CompanyRole.member || userType === CompanyRole.memberAlt;
}

/** Spec 02 §5, §9: an enterprise activation code has at most 36 characters. */
export const COMPANY_CODE_MAX_LENGTH = 36;

/** Members changed by one call: a page of the member list at most. */
export const COMPANY_MEMBERS_PER_CHANGE = 100;

/** An invitation link lasts a week (docs/decisions/038); a new one is asked for each time. */
export const COMPANY_INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The web app's query parameter that carries an invitation to the team page. */
export const COMPANY_INVITE_PARAM = 'company_invite';

/** Spec 02 §7 updateMember: DEL removes the members, UPDATE gives them role `type` (1 admin, 0 member). */
export const companyMemberOperations = ['DEL', 'UPDATE'] as const;

/** The business plans whose term can be added to a time-limited company. */
export const companyTimeItems = ['business.oneYear', 'business.twoYears', 'business.threeYears'] as const;
export type CompanyTimeItem = (typeof companyTimeItems)[number];
