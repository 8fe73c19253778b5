import { AccountErrors } from './account.js';
import { AccessTokenErrors, AuthErrors } from './auth.js';
import { CheckoutErrors } from './checkout.js';
import { CodeErrors, GiftCodeErrors } from './codes.js';
import { CommonErrors, IdempotencyErrors } from './common.js';
import { CouponErrors } from './coupons.js';
import { DeviceErrors } from './devices.js';
import { GrantErrors } from './grants.js';
import { IncomeErrors, withdrawalTipErrors } from './income.js';
import { OAuthErrors } from './oauth.js';
import { OrderErrors } from './order.js';
import { PhoneBindErrors } from './phone-bind.js';
import { PointErrors } from './points.js';
import { CompanyErrors, TeamErrors } from './team.js';

export * from './define.js';
export {
  AccessTokenErrors,
  AccountErrors,
  AuthErrors,
  CheckoutErrors,
  CodeErrors,
  CommonErrors,
  CompanyErrors,
  CouponErrors,
  DeviceErrors,
  GiftCodeErrors,
  GrantErrors,
  IdempotencyErrors,
  IncomeErrors,
  OAuthErrors,
  withdrawalTipErrors,
  OrderErrors,
  PhoneBindErrors,
  PointErrors,
  TeamErrors,
};

/**
 * The whole catalogue, by domain: every failure the API answers with on purpose. The
 * translations test reads it; the web app imports single domains, never this (bundle budget).
 */
export const errorCatalogue = {
  common: CommonErrors,
  idempotency: IdempotencyErrors,
  auth: AuthErrors,
  accessToken: AccessTokenErrors,
  account: AccountErrors,
  phoneBind: PhoneBindErrors,
  oauth: OAuthErrors,
  order: OrderErrors,
  devices: DeviceErrors,
  team: TeamErrors,
  company: CompanyErrors,
  grants: GrantErrors,
  codes: CodeErrors,
  coupons: CouponErrors,
  points: PointErrors,
  income: IncomeErrors,
  checkout: CheckoutErrors,
} as const;
