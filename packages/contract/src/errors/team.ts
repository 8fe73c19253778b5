import { defineErrors } from './define.js';

/**
 * Failures of teams (spec 02 §8) and of mind-map companies ("Enterprise update"). Texts in
 * `team`, which loads with the team screen.
 */
export const TeamErrors = defineErrors('team:errors.', {
  /** Spec 02 §8: every member place of the team is taken; the web app offers the upgrade. */
  memberLimit: { msg: 'group num limit', status: 409 },
  /** No open account has that id or e-mail ("User does not exist"). */
  userNotFound: { msg: 'user not exists', status: 404 },
  teamNotFound: { msg: 'team not exists', status: 404 },
  /** The person is already a member of this team. */
  alreadyMember: { msg: 'member already exist', status: 409 },
  /**
   * The person owns or has joined another team of the product (spec 02 §8, reasons 2 and 3
   * of the add-failed dialog): one team per person and product.
   */
  otherTeam: { msg: 'member already exist other team', status: 409 },
  /** The owner leaves only by handing the team over or deleting it (spec 02 §4). */
  ownerStays: { msg: 'owner cannot be removed', status: 409 },
  /** The person is not a member of the team. */
  notMember: { msg: 'not a member', status: 404 },
  /** No plan of this team has that id. */
  planNotFound: { msg: 'plan not exists', status: 404 },
  /** The plan's term is over: it authorizes nobody new (spec 02 §4: expired plans are not selectable). */
  planExpired: { msg: 'plan expired', status: 409 },
  /** The member holds a seat of the plan already. */
  alreadyAuthorized: { msg: 'plan already authorized', status: 409 },
  /** The member holds no seat of the plan. */
  notAuthorized: { msg: 'plan not authorized', status: 409 },
  /** Spec 02 §8 "You have not joined a team yet.": the caller is not in the team named. */
  noTeam: { msg: 'no team', status: 404 },
  /** The caller's role does not allow it (spec 02 §6): members only read, admins manage members. */
  notAllowed: { msg: 'team permission denied', status: 403 },
  /** Nobody edits the owner's role: it changes only by a transfer (spec 02 §5). */
  ownerFixed: { msg: 'owner cannot be edited', status: 409 },
  /** Spec 02 §5: at least one plan must be chosen for a person added. */
  planRequired: { msg: 'plan required', status: 400 },
  /** A team name of 1 to 70 characters after trimming, no control characters (spec 02 §5). */
  nameInvalid: { msg: 'invalid team name', status: 400 },
  /** Spec 02 §8, reason 4 of the add-failed prompt: a lifetime licence of their own leaves a team nothing to give. */
  lifetimeHolder: { msg: 'member has lifetime subscription', status: 409 },
  /** Spec 02 §4: a team is handed over in the diagram product of the domestic build only. */
  transferNotOffered: { msg: 'transfer not offered', status: 400 },
});

export const CompanyErrors = defineErrors('team:company.', {
  /** The person is already a member of this company (lg_company_belong_to_anthor). */
  alreadyMember: { msg: 'member already exist', status: 409 },
  /**
   * Spec 02 §8 "The user belongs to another enterprise": a plain member belongs to one company
   * and holds no role in another (docs/decisions/038).
   */
  otherCompany: { msg: 'member already exist other company', status: 409 },
  /** No open account has that id or e-mail (lg_company_not_exist_users). */
  userNotFound: { msg: 'user not exists', status: 404 },
  companyNotFound: { msg: 'company not exists', status: 404 },
  /** Every seat is taken (spec 02 §2: adding is refused when seats are full). */
  seatsFull: { msg: 'company seats full', status: 409 },
  /** The creator leaves only through customer service (spec 02 §1). */
  creatorStays: { msg: 'creator cannot be removed', status: 409 },
  /** The person is not a member of the company. */
  notMember: { msg: 'not a member', status: 404 },
  /**
   * Spec 02 §8 "Company create": the code is unknown, expired, of another kind, or used by this
   * account already ("activation code invalid or already used, please re-enter").
   */
  codeInvalid: { msg: 'activation code invalid or already used', status: 400 },
  /** Spec 02 §2: companies are created by code in the domestic build only (the Create tab). */
  createNotOffered: { msg: 'company create not offered', status: 400 },
  /** The caller's role does not allow it (spec 02 §6): members manage nothing, admins no roles. */
  notAllowed: { msg: 'company permission denied', status: 403 },
  /**
   * Spec 02 §4: nobody manages the creator or themself, and an admin does not manage another
   * admin.
   */
  cannotManage: { msg: 'member cannot be managed', status: 409 },
  /** The invitation link is damaged, expired, or its company is gone. */
  inviteInvalid: { msg: 'invitation invalid or expired', status: 400 },
  /** A company name of 1 to 20 characters after trimming, no control characters (spec 02 §5). */
  nameInvalid: { msg: 'invalid company name', status: 400 },
  /** Spec 02 §4: seats are added only while the company has not expired. */
  expired: { msg: 'company expired', status: 409 },
  /** Spec 02 §4: time is added to a time-limited company (type 9) only; a lifelong one needs none. */
  lifelong: { msg: 'company is lifelong', status: 409 },
});
