import { accountModule } from './account/index.js';
import { alertsModule } from './alerts/index.js';
import { activityModule } from './activity/index.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { benefitsModule } from './benefits/index.js';
import { codesModule } from './codes/index.js';
import { companiesModule } from './companies/index.js';
import { couponsModule } from './coupons/index.js';
import { coursesModule } from './courses/index.js';
import { devicesModule } from './devices/index.js';
import { grantsModule } from './grants/index.js';
import { idempotencyModule } from './idempotency/index.js';
import { incomeModule } from './income/index.js';
import type { ModuleManifest } from './manifest.js';
import { messagesModule } from './messages/index.js';
import { oauthModule } from './oauth/index.js';
import { ordersModule } from './orders/index.js';
import { outboxModule } from './outbox/index.js';
import { paymentsModule } from './payments/index.js';
import { pointsModule } from './points/index.js';
import { receiptsModule } from './receipts/index.js';
import { subscriptionsModule } from './subscriptions/index.js';
import { systemModule } from './system/index.js';
import { teamsModule } from './teams/index.js';
import { templateCreditModule } from './template-credit/index.js';
import { userModule } from './user/index.js';

/**
 * Every server module. The app registers their routes in this order, the operator CLI offers
 * their commands in this order, and closing an account applies their tables' policies. A new
 * module is added here, and only here.
 */
export const modules: readonly ModuleManifest[] = [
  systemModule,
  devicesModule, // before auth: its guard joins the password sign-in route as that is declared
  authModule,
  userModule,
  accountModule,
  oauthModule,
  activityModule,
  outboxModule,
  alertsModule,
  ordersModule,
  subscriptionsModule,
  receiptsModule,
  companiesModule,
  teamsModule,
  benefitsModule,
  grantsModule,
  codesModule,
  couponsModule,
  pointsModule,
  templateCreditModule,
  messagesModule,
  coursesModule,
  incomeModule,
  paymentsModule,
  auditModule,
  idempotencyModule,
];
