import { Type } from 'typebox';
import { UnixSeconds } from '../http/input.js';
import { Nullable } from '../http/schema.js';
import { COMPANY_NAME_MAX_LENGTH, CompanyRole, CompanyType } from '../rules/companies.js';

// A module of its own: the shell's bundle carries `company.routes.ts` (GET coop/cmember's path)
// and the company rules, and a schema exported from either for the enterprise page would be built
// into the shell's bundle with the schema builders it calls (docs/bundle-budget.md).

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
