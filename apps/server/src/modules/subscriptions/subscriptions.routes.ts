import {
  cancelSubscriptionRoute,
  getAllSubscriptionsRoute,
  getLicencesRoute,
  getStorageRoute,
  getSubscriptionRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { requestRegion } from '../../lib/caller.js';
import {
  cancelSubscription,
  storageSummary,
  subscriptionRecordOf,
  subscriptionRecords,
  userLicences,
} from './subscriptions.service.js';

export async function subscriptionRoutes(app: FastifyInstance) {
  registerRoute(app, getAllSubscriptionsRoute, async ({ params }) => {
    const records = await subscriptionRecords(app.db, params.userId);
    return okList(records, records.length);
  });

  registerRoute(app, getSubscriptionRoute, async ({ params }) =>
    ok(await subscriptionRecordOf(app.db, params.userId, params.product)),
  );

  registerRoute(app, cancelSubscriptionRoute, async ({ params, body, request }) =>
    ok(await cancelSubscription(app.db, params.userId, body.product, requestRegion(request), app.clock.now())),
  );

  // Actions depend on the build the page runs in, which the host selects (spec 01 §1).
  registerRoute(app, getLicencesRoute, async ({ params, request }) => {
    const rows = await userLicences(app.db, params.userId, requestRegion(request), app.clock.now());
    return okList(rows, rows.length);
  });

  registerRoute(app, getStorageRoute, async ({ params }) => ok(await storageSummary(app.db, params.userId)));
}
