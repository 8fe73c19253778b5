import {
  consumePointsRoute,
  getAiPointDailyUseRoute,
  getAiPointsRoute,
  getAiPointsV1Route,
  internalPointBalanceRoute,
  listAiPointAcquisitionsRoute,
  listAiPointUsageRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { requireOpenUser } from '../user/index.js';
import { acquisitions, consumePoints, dailyUse, pointsNow, usagePage } from './points.service.js';

/** AI points: what the account and its clients read (spec 01 §7), and what products spend. */
export async function pointRoutes(app: FastifyInstance) {
  registerRoute(app, getAiPointsRoute, async ({ caller }) =>
    ok(await pointsNow(app.db, caller.userId, app.clock.now())),
  );
  registerRoute(app, getAiPointsV1Route, async ({ caller }) => {
    const now = await pointsNow(app.db, caller.userId, app.clock.now());
    return ok({ unlimit_date: now.unlimit_date, balance: now.balance });
  });
  registerRoute(app, listAiPointUsageRoute, async ({ caller, query }) => {
    const page = await usagePage(app.db, caller.userId, query.page ?? 1, query.page_size ?? 10);
    return okList(page.data, page.count);
  });
  registerRoute(app, getAiPointDailyUseRoute, async ({ caller, query }) =>
    ok(await dailyUse(app.db, caller.userId, app.clock.now(), query.utc_offset ?? 0)),
  );
  registerRoute(app, listAiPointAcquisitionsRoute, async ({ caller }) => ok(await acquisitions(app.db, caller.userId)));

  registerRoute(app, consumePointsRoute, async ({ body, idempotency }) =>
    ok(
      await consumePoints(
        app.db,
        { userId: body.user_id, product: body.product, featureCode: body.feature_code, points: body.points },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );
  registerRoute(app, internalPointBalanceRoute, async ({ query }) => {
    const now = await pointsNow(app.db, await requireOpenUser(app.db, query.user_id), app.clock.now());
    return ok({ balance: now.balance, unlimit_date: now.unlimit_date });
  });
}
