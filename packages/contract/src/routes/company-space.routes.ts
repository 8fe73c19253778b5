import { type TProperties, Type } from 'typebox';
import { BUSINESS_SEATS_MAX, paymentMethods } from '../catalogue/checkout.js';
import { Envelope, ListEnvelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, strict } from '../http/schema.js';
import { Checkout } from './checkout.routes.js';
import {
  COMPANY_CODE_MAX_LENGTH,
  COMPANY_MEMBERS_PER_CHANGE,
  COMPANY_NAME_MAX_LENGTH,
  companyMemberOperations,
  companyTimeItems,
} from '../rules/companies.js';
import { Company } from './company-schema.js';

/**
 * The enterprise page's calls (spec 02 §2 "Enterprise page (mind-map)", §7 company calls,
 * docs/decisions/038): create by code, members and roles, invitations, rename, the company's
 * orders and the prices and payments of more time and seats. Only the team page imports this
 * module, so the shell's bundle does not carry it (the shell reads `GET coop/cmember` only).
 */

/** What an invitation link carries: the company, the end of its validity and their signature. */
export const CompanyInvite = Type.String({ pattern: '^[0-9]{1,10}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$' });

const CompanyParams = Type.Object({ userId: Id() }, strict);
const CompanyQuery = Type.Object({ cid: Id({ description: 'the company' }) }, strict);

/** What `POST coop/create` answers: the company, and how the caller came into it. */
export const CreatedCompany = Type.Object({
  /**
   * 0: the code created this company, with the caller as its creator; 2 (spec 02 §4 "Err_type
   * 2"): the code had already created it, and the caller was added as its admin.
   */
  err_type: Type.Enum([0, 2]),
  company: Company,
});

export const createCompanyRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/coop/create',
  summary: 'Creates a company from a company code (licenseCompany); a used code adds the caller as admin (err_type 2)',
  tags: ['companies'],
  access: 'user',
  idempotent: true,
  params: CompanyParams,
  body: Type.Object(
    {
      license: Text({ minLength: 1, maxLength: COMPANY_CODE_MAX_LENGTH }),
      /** The company's name; the creator's nickname when left out. */
      name: Type.Optional(Text({ maxLength: COMPANY_NAME_MAX_LENGTH })),
    },
    strict,
  ),
  reply: Envelope(CreatedCompany),
});

/** Spec 02 §3 "Enterprise member": type 2 creator, 1 admin, 0 (or 3) member. */
export const CompanyMember = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  nick_name: Type.String(),
  avatar_url: Type.String(),
  /** 2 creator, 1 admin, 0 (or 3) member (CompanyRole). */
  type: Type.Enum([0, 1, 2, 3]),
  joined_at: UnixSeconds,
});

export const getCompanyMembersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember/list',
  summary: 'The members of a company, the creator first, then admins (creator and admins only)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: CompanyQuery,
  reply: ListEnvelope(CompanyMember),
});

export const updateCompanyMembersRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/coop/cmember/member',
  summary: 'Removes members or changes their role (updateMember), all of them or none',
  tags: ['companies'],
  access: 'user',
  idempotent: true,
  params: CompanyParams,
  body: Type.Object(
    {
      cid: Id(),
      ids: Type.Array(Id(), { minItems: 1, maxItems: COMPANY_MEMBERS_PER_CHANGE }),
      operation: literals(companyMemberOperations),
      /** UPDATE: 1 admin, 0 member. */
      type: Type.Optional(Type.Enum([0, 1])),
    },
    strict,
  ),
  reply: Envelope(Company),
});

export const renameCompanyRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/coop/cmember',
  summary: 'Renames a company (renameCompany; creator and admins)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  body: Type.Object({ cid: Id(), company_name: Text({ minLength: 1, maxLength: 60 }) }, strict),
  reply: Envelope(Company),
});

export const getCompanyInviteLinkRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember/url',
  summary: 'A signed invitation link to the company, valid for a week (creator and admins)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: CompanyQuery,
  reply: Envelope(Type.Object({ url: Type.String(), invite: CompanyInvite, expires_at: UnixSeconds })),
});

/** What an invitation offers, shown before joining. */
export const CompanyInvitation = Type.Object({
  company_id: Type.Integer({ minimum: 1 }),
  company_name: Type.String(),
  used_num: Type.Integer({ minimum: 0 }),
  num: Type.Integer({ minimum: 1 }),
  expires_at: UnixSeconds,
  /** The caller's role in it when they are in it already. */
  user_type: Type.Union([Type.Null(), Type.Integer()]),
});

export const getCompanyInvitationRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember/invite',
  summary: 'The company an invitation link is for, before joining it',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: Type.Object({ invite: CompanyInvite }, strict),
  reply: Envelope(CompanyInvitation),
});

export const joinCompanyRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/coop/cmember',
  summary: 'Joins the company of an invitation link as a member, while a seat is free',
  tags: ['companies'],
  access: 'user',
  idempotent: true,
  params: CompanyParams,
  body: Type.Object({ invite: CompanyInvite }, strict),
  reply: Envelope(Company),
});

/** Spec 02 §3 "Enterprise order": a payment for the company. */
export const CompanyOrder = Type.Object({
  order_id: Type.String(),
  /** When it was paid. */
  date: UnixSeconds,
  /** What was charged, in minor units of `currency`. */
  price: Type.Integer({ minimum: 0 }),
  currency: Type.Enum(['CNY', 'USD']),
  /** plan: the business plan that made the company; time: a longer term; seats: more seats. */
  kind: Type.Enum(['plan', 'time', 'seats']),
  /** Seats the payment was for. */
  quantity: Type.Integer({ minimum: 1 }),
  refunded: Type.Boolean(),
});

export const getCompanyOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember/order',
  summary: 'The payments for a company, newest first (creator and admins)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: CompanyQuery,
  reply: ListEnvelope(CompanyOrder),
});

export const CompanyPrices = Type.Object({
  currency: Type.Enum(['CNY', 'USD']),
  /**
   * One more seat until the company's end (spec 02 §7 `coop/oneprice`): a lifelong seat for a
   * lifelong company; for a time-limited one the year's seat price for the time left.
   */
  seat_price: Type.Integer({ minimum: 1 }),
  /** Seats one purchase may add. */
  seats_max: Type.Integer({ minimum: 0 }),
  /** More time for every seat of a time-limited company: the price of each term, for all its seats. */
  time: Type.Array(Type.Object({ item: literals(companyTimeItems), price: Type.Integer({ minimum: 1 }) })),
});

export const getCompanyPricesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/oneprice',
  summary: 'What a seat more and a term more cost for the company (creator only)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: CompanyQuery,
  reply: Envelope(CompanyPrices),
});

/** A company payment's query (spec 02 §7: coop/recharge and coop/subscription take query parameters). */
function paymentQuery<T extends TProperties>(what: T) {
  return Type.Object(
    {
      ...what,
      cid: Id(),
      method: literals(paymentMethods),
      /** Apply the held plan coupon. */
      use_coupon: Type.Optional(Type.Boolean()),
    },
    strict,
  );
}

export const rechargeCompanyRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/coop/recharge',
  summary: 'Opens the payment of a term more for every seat of a time-limited company (creator only)',
  tags: ['companies'],
  access: 'user',
  idempotent: true,
  params: CompanyParams,
  querystring: paymentQuery({ item: literals(companyTimeItems) }),
  reply: Envelope(Checkout),
});

export const addCompanySeatsRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/coop/subscription',
  summary: 'Opens the payment of more seats until the company’s end (creator only, not expired)',
  tags: ['companies'],
  access: 'user',
  idempotent: true,
  params: CompanyParams,
  querystring: paymentQuery({ seats: Type.Integer({ minimum: 1, maximum: BUSINESS_SEATS_MAX }) }),
  reply: Envelope(Checkout),
});

/** The settings tab's facts beside the name (spec 02 §2 "Settings tab"). */
export const CompanySettings = Type.Object({
  /**
   * The conglomerate (federation) id: what customer service knows the company by, for changing its
   * administrator account (spec 02 §1) or joining it to a group.
   */
  federation_id: Type.String(),
  /** Customer service's contact, from the server's configuration: its address and that address as a QR code (SVG). */
  contact: Type.Union([Type.Null(), Type.Object({ url: Type.String(), qr_svg: Type.String() })]),
});

export const getCompanySettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember/settings',
  summary: 'The company’s conglomerate id and customer service’s contact (creator and admins)',
  tags: ['companies'],
  access: 'user',
  params: CompanyParams,
  querystring: CompanyQuery,
  reply: Envelope(CompanySettings),
});
