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
});

export const CompanyErrors = defineErrors('team:company.', {
  /** The person is already a member of this company (lg_company_belong_to_anthor). */
  alreadyMember: { msg: 'member already exist', status: 409 },
  /** Spec 02 §8 "The user belongs to another enterprise": one company per person. */
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
});
