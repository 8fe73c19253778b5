import { getLastSubscriptionOrderRoute, getRecommendationsRoute, resolveLanguage } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { requestRegion } from '../../lib/caller.js';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { lastSubscriptionOrder, recommendationsFor } from './subscription-orders.js';

/** The order screen's calls on what was ordered for a subscription and what was never bought (spec 01 §2, §7). */
export async function subscriptionOrderRoutes(app: FastifyInstance) {
  registerRoute(app, getLastSubscriptionOrderRoute, async ({ params, query, caller }) =>
    ok(await lastSubscriptionOrder(app.db, params.userId, query.product, app.clock.now(), caller.language)),
  );

  registerRoute(app, getRecommendationsRoute, async ({ params, query, request }) => {
    const region = requestRegion(request);
    const products = await recommendationsFor(app.db, params.userId, {
      region,
      // The build's default language applies when the page names none (spec 01 §1).
      language: resolveLanguage(query.lang, region === 'domestic' ? 'zh' : 'en'),
      productId: query.pid ?? null,
    });
    return okList(products, products.length);
  });
}
