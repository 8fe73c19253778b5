import { isEmail, isMainlandMobile } from './patterns.js';
import { TEAM_CONTACTS_MAX } from './team-plans.js';

/**
 * Who may do what in a diagram or project team (spec 02 §1, §4, §6), one rule for the server,
 * which enforces it, and the team page, which enables its buttons by it. Roles: 1 owner,
 * 2 admin, 3 member (routes/team.routes.ts `TeamRole`).
 */

const OWNER = 1;
const ADMIN = 2;
const MEMBER = 3;

/** A person of the team as the rules see them. */
export interface TeamPerson {
  user_id: number;
  role: number;
}

/** Members only read the team (spec 02 §6); owners and admins manage it. */
export const canManageTeam = (viewerRole: number): boolean => viewerRole === OWNER || viewerRole === ADMIN;

/**
 * Whether `viewer` may edit or remove `target` (spec 02 §4, §5, §6): nobody edits or removes the
 * owner's row; the owner manages everyone else; an admin manages plain members and themself
 * (an admin may step down or leave), never another admin; members manage nobody.
 */
export function canManageMember(viewer: TeamPerson, target: TeamPerson): boolean {
  if (target.role === OWNER) return false;
  if (viewer.role === OWNER) return true;
  if (viewer.role !== ADMIN) return false;
  return target.role === MEMBER || target.user_id === viewer.user_id;
}

/** Roles a viewer may give (spec 02 §1: the owner assigns admins and members, an admin members only). */
export function assignableRoles(viewerRole: number): readonly number[] {
  if (viewerRole === OWNER) return [ADMIN, MEMBER];
  if (viewerRole === ADMIN) return [MEMBER];
  return [];
}

/**
 * The owner's own seats (spec 02 §4): only the owner authorizes or unauthorizes themself, with
 * the `reverse` flag, and only on plans — the owner's role never changes but by a transfer.
 */
export const mayChangeOwnSeats = (viewerRole: number): boolean => viewerRole === OWNER;

/**
 * A handover of the team (spec 02 §4 "Ownership transfer"): the diagram team of the domestic
 * build, by its owner. The old owner stays as a member (1) or leaves the team (2).
 */
export const TeamTransferOption = { stayAsMember: 1, leave: 2 } as const;
export type TeamTransferOptionValue = (typeof TeamTransferOption)[keyof typeof TeamTransferOption];

/** Reverse flag of editGroupMember: 0 authorizes the plans named, 1 unauthorizes them. */
export const TeamSeatChange = { authorize: 0, unauthorize: 1 } as const;

// ---- contacts of the add dialogs ---------------------------------------------------------------

/** The kinds of contact a person is added by (spec 02 §3 "Multi-add input"; §5). */
export type ContactKind = 'email' | 'mobile' | 'user_id';

/** Spec 02 §5: a user id is digits only (at least one). */
const USER_ID = /^\d{1,10}$/;

/** The kind of one contact, or null when it is none of them. Mobiles count only where offered. */
export function contactKind(value: string, mobilesOffered: boolean): ContactKind | null {
  if (isEmail(value)) return 'email';
  if (mobilesOffered && isMainlandMobile(value)) return 'mobile';
  if (USER_ID.test(value)) return 'user_id';
  return null;
}

/**
 * Separators of the multiple-add box (spec 02 §3): semicolon, comma, their full-width forms,
 * white space (the ideographic space included) and line breaks.
 */
const CONTACT_SEPARATORS = /[;,；，、\s\u3000]+/u;

export type ContactsParse =
  { ok: true; kind: ContactKind; values: string[] } | { ok: false; problem: 'empty' | 'invalid' | 'tooMany' };

/**
 * Splits a pasted list of contacts (spec 02 §5 "Multiple-add"): every token must be of one kind
 * — e-mails, mobiles (domestic build) or user ids. Empty → `empty` (emptyEmail); a token of no
 * kind, or tokens of two kinds → `invalid` (invalidEmail). Repeats are kept once; e-mails are
 * compared without case.
 */
export function parseContacts(text: string, mobilesOffered: boolean): ContactsParse {
  const tokens = text.split(CONTACT_SEPARATORS).filter((token) => token.length > 0);
  if (tokens.length === 0) return { ok: false, problem: 'empty' };
  let kind: ContactKind | null = null;
  const values: string[] = [];
  for (const token of tokens) {
    const tokenKind = contactKind(token, mobilesOffered);
    if (tokenKind === null || (kind !== null && tokenKind !== kind)) return { ok: false, problem: 'invalid' };
    kind = tokenKind;
    const value = tokenKind === 'email' ? token.toLowerCase() : token;
    if (!values.includes(value)) values.push(value);
  }
  if (values.length > TEAM_CONTACTS_MAX) return { ok: false, problem: 'tooMany' };
  return { ok: true, kind: kind!, values };
}
