import {
  CommonErrors,
  getIncomeDetailRoute,
  getIncomeRoute,
  recordCashbackRoute,
  recordTemplateSaleRoute,
  refundIncomeRoute,
  requestWithdrawalRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { appError } from '../../lib/errors.js';
import { ok, registerRoute } from '../../lib/register-route.js';
import {
  incomeRecords,
  incomeSummary,
  recordCashback,
  recordSale,
  refundIncome,
  requestWithdrawal,
} from './income.service.js';

/** Income and withdrawal (spec 01 §7 getProperty, getIncome, getCash) and what other services record. */
export async function incomeRoutes(app: FastifyInstance) {
  registerRoute(app, getIncomeDetailRoute, async ({ caller, query }) =>
    ok(
      await incomeRecords(
        app.db,
        caller.userId,
        {
          product: query.product ?? 'mm',
          offset: query.offset ?? 0,
          count: query.count ?? 10,
          start: query.start,
          end: query.end,
        },
        app.clock.now(),
        caller,
      ),
    ),
  );
  registerRoute(app, getIncomeRoute, async ({ caller }) =>
    ok(await incomeSummary(app.db, caller.userId, app.clock.now(), app.config.payoutCalendar)),
  );
  registerRoute(app, requestWithdrawalRoute, async ({ caller, body, idempotency }) => {
    // The income screen is the domestic build's (spec 01 §2): payouts go to Alipay accounts.
    if (caller.region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);
    const withdrawal = await requestWithdrawal(
      app.db,
      { userId: caller.userId, form: body, secretKey: app.config.secretKey, calendar: app.config.payoutCalendar },
      app.clock.now(),
      (trx) => idempotency.markApplied(trx),
    );
    return ok({ withdrawal });
  });
  registerRoute(app, recordTemplateSaleRoute, async ({ body, idempotency }) =>
    ok(
      await recordSale(
        app.db,
        {
          userId: body.user_id,
          product: body.product,
          sourceId: body.sale_id,
          title: body.title,
          description: body.description,
          gross: body.gross,
        },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );
  registerRoute(app, recordCashbackRoute, async ({ body, idempotency }) => {
    const now = app.clock.now();
    return ok(
      await recordCashback(
        app.db,
        {
          userId: body.user_id,
          product: body.product,
          sourceId: body.order_no,
          title: body.title,
          description: body.description,
          amount: body.amount,
          orderedAt: body.ordered_at ?? now,
        },
        now,
        (trx) => idempotency.markApplied(trx),
      ),
    );
  });
  registerRoute(app, refundIncomeRoute, async ({ body, idempotency }) =>
    ok(
      await refundIncome(
        app.db,
        { userId: body.user_id, of: body.of, sourceId: body.source_id },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );
}
