import { type TSchema, Type } from 'typebox';
import { ListEnvelope } from '../http/envelope.js';
import { UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { UserIdParams } from './user.routes.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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

/**
 * A company the user belongs to, as spec 02 §3 "Enterprise (mind-map)" names its fields:
 * `used_num` of `num` seats are taken; `user_type` is the caller's own role; `exp` is null
 * for a lifelong company (type 8).
 */
export const Company = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  company_name: Type.String({ maxLength: COMPANY_NAME_MAX_LENGTH }),
  used_num: Type.Integer({ minimum: 0, description: 'seats taken' }),
  num: Type.Integer({ minimum: 1, description: 'seats' }),
  created_at: UnixSeconds,
  exp: Nullable(UnixSeconds),
  user_type: Type.Union(
    [
      Type.Literal(CompanyRole.member),
      Type.Literal(CompanyRole.admin),
      Type.Literal(CompanyRole.creator),
      Type.Literal(CompanyRole.memberAlt),
    ],
    { description: 'the caller’s role: 2 creator, 1 admin, 0 or 3 member' },
  ),
  type: Type.Union([Type.Literal(CompanyType.lifelong), Type.Literal(CompanyType.timeLimited)], {
    description: '8 lifelong, 9 time-limited',
  }),
});

export const getCompaniesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember',
  summary: 'The mind-map companies the user belongs to, with the user’s role in each (getCompany)',
  tags: ['companies'],
  access: 'user',
  params: UserIdParams,
  reply: ListEnvelope(Company),
});
