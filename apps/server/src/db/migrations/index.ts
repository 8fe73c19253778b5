import type { Migration } from 'kysely';
import * as accountsAndSessions from './2026-11-22-001-accounts-and-sessions.js';
import * as activityTags from './2026-11-22-002-activity-tags.js';
import * as outboxDelivery from './2026-11-22-003-outbox-delivery.js';
import * as ordersAndLicences from './2026-11-22-101-orders-and-licences.js';
import * as account from './2026-11-22-401-account.js';
import * as oauthFlows from './2026-11-22-402-oauth-flows.js';
import * as devices from './2026-11-22-601-devices.js';
import * as phoneBindLinks from './2026-11-22-701-phone-bind-links.js';
import * as oauthCloseFlows from './2026-11-22-702-oauth-close-flows.js';
import * as companies from './2026-11-22-703-companies.js';
import * as teams from './2026-11-22-704-teams.js';
import * as signInThrottlePairs from './2026-11-22-801-sign-in-throttle-pairs.js';
import * as refreshTokenPairs from './2026-11-23-016-refresh-token-pairs.js';
import * as idempotencyKeys from './2026-11-23-101-idempotency-keys.js';
import * as grantsAndLedgers from './2026-11-23-201-grants-and-ledgers.js';
import * as idempotencyApplied from './2026-11-23-301-idempotency-applied.js';
import * as licencesFromGrants from './2026-11-24-201-licences-from-grants.js';
import * as redeemCodes from './2026-11-24-301-redeem-codes.js';
import * as coupons from './2026-11-24-401-coupons.js';
import * as aiPointsAndTemplateCredit from './2026-11-24-501-ai-points-and-template-credit.js';
import * as notices from './2026-11-24-601-notices.js';
import * as aiUsageByTime from './2026-11-24-701-ai-usage-by-time.js';
import * as noticeEvents from './2026-11-24-702-notice-events.js';
import * as courses from './2026-11-24-703-courses.js';
import * as income from './2026-11-25-801-income.js';
import * as checkouts from './2026-11-27-901-checkouts.js';
import * as planCoupons from './2026-11-27-902-plan-coupons.js';
import * as companySpaces from './2026-11-27-903-company-spaces.js';
import * as refreshTokenExpiry from './2026-11-27-904-refresh-token-expiry.js';
import * as teamCheckouts from './2026-11-27-905-team-checkouts.js';
import * as refundedOrders from './2026-11-27-906-refunded-orders.js';
import * as signInRecordExpiry from './2026-11-28-907-sign-in-record-expiry.js';
import * as withdrawalRepayments from './2026-11-28-908-withdrawal-repayments.js';
import * as pricedCheckouts from './2026-12-02-910-priced-checkouts.js';
import * as incomeOwedAndFees from './2026-12-02-911-income-owed-and-fees.js';
import * as textsInTheReadersLanguage from './2026-12-02-914-texts-in-the-readers-language.js';
import * as orderItems from './2026-12-02-915-order-items.js';
import * as templateTitlesInLanguages from './2026-12-02-916-template-titles-in-languages.js';
import * as teamPlans from './2026-11-25-802-team-plans.js';

/**
 * Every migration, by name; names sort in the order they run (date, then a sequence number).
 * A static list keeps migrations working the same under tsx, tests and any bundler.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-accounts-and-sessions': accountsAndSessions,
  '2026-11-22-002-activity-tags': activityTags,
  '2026-11-22-003-outbox-delivery': outboxDelivery,
  '2026-11-22-101-orders-and-licences': ordersAndLicences,
  '2026-11-22-401-account': account,
  '2026-11-22-402-oauth-flows': oauthFlows,
  '2026-11-22-601-devices': devices,
  '2026-11-22-701-phone-bind-links': phoneBindLinks,
  '2026-11-22-702-oauth-close-flows': oauthCloseFlows,
  '2026-11-22-703-companies': companies,
  '2026-11-22-704-teams': teams,
  '2026-11-22-801-sign-in-throttle-pairs': signInThrottlePairs,
  '2026-11-23-016-refresh-token-pairs': refreshTokenPairs,
  '2026-11-23-101-idempotency-keys': idempotencyKeys,
  '2026-11-23-201-grants-and-ledgers': grantsAndLedgers,
  '2026-11-23-301-idempotency-applied': idempotencyApplied,
  '2026-11-24-201-licences-from-grants': licencesFromGrants,
  '2026-11-24-301-redeem-codes': redeemCodes,
  '2026-11-24-401-coupons': coupons,
  '2026-11-24-501-ai-points-and-template-credit': aiPointsAndTemplateCredit,
  '2026-11-24-601-notices': notices,
  '2026-11-24-701-ai-usage-by-time': aiUsageByTime,
  '2026-11-24-702-notice-events': noticeEvents,
  '2026-11-24-703-courses': courses,
  '2026-11-25-801-income': income,
  '2026-11-25-802-team-plans': teamPlans,
  '2026-11-27-901-checkouts': checkouts,
  '2026-11-27-902-plan-coupons': planCoupons,
  '2026-11-27-903-company-spaces': companySpaces,
  '2026-11-27-904-refresh-token-expiry': refreshTokenExpiry,
  '2026-11-27-905-team-checkouts': teamCheckouts,
  '2026-11-27-906-refunded-orders': refundedOrders,
  '2026-11-28-907-sign-in-record-expiry': signInRecordExpiry,
  '2026-11-28-908-withdrawal-repayments': withdrawalRepayments,
  '2026-12-02-910-priced-checkouts': pricedCheckouts,
  '2026-12-02-911-income-owed-and-fees': incomeOwedAndFees,
  '2026-12-02-914-texts-in-the-readers-language': textsInTheReadersLanguage,
  '2026-12-02-915-order-items': orderItems,
  '2026-12-02-916-template-titles-in-languages': templateTitlesInLanguages,
};
