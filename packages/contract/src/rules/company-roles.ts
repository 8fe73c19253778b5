/**
 * Who may manage whom in a mind-map company and when it has expired (spec 02 §4, §6), one rule for
 * the server, which enforces it, and the enterprise page and the purchase screen, which show what
 * it allows. Roles: 2 creator, 1 admin, 0 or 3 member (rules/companies.ts `CompanyRole`). A module
 * of its own, which only the screens import, so the shell's bundle does not carry it.
 */

const CREATOR = 2;
const ADMIN = 1;
const LIFELONG = 8;

/** A person of the company as the rules see them. */
export interface CompanyPerson {
  user_id: number;
  role: number;
}

/**
 * Whether `viewer` may remove `target` or change their role (spec 02 §4): nobody manages the
 * creator or themself; plain members manage nobody; an admin manages plain members, never another
 * admin. Only the creator sets roles (the server checks that apart).
 */
export function canManageCompanyMember(viewer: CompanyPerson, target: CompanyPerson): boolean {
  if (target.role === CREATOR || target.user_id === viewer.user_id) return false;
  if (viewer.role === CREATOR) return true;
  return viewer.role === ADMIN && target.role !== ADMIN;
}

/** Spec 02 §4 "Enterprise expired": the expiry is past and the company is not lifelong (type 8). */
export function isCompanyExpired(company: { type: number; exp: number | null }, nowSeconds: number): boolean {
  return company.type !== LIFELONG && company.exp !== null && company.exp <= nowSeconds;
}
