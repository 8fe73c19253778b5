import {
  getTemplateCreditRoute,
  listTemplateCreditAdditionsRoute,
  listTemplateCreditRecordsRoute,
  spendTemplateCreditRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, registerRoute } from '../../lib/register-route.js';
import { balance } from '../grants/index.js';
import { spendTemplateCredit, templateAdditions, templateRecords } from './template-credit.service.js';

/** Template credit (spec 01 §7 getTemplateCoupon, getTemplateCouponRecord), what was added, and its spending. */
export async function templateCreditRoutes(app: FastifyInstance) {
  registerRoute(app, getTemplateCreditRoute, async ({ caller }) =>
    ok({ surplus: await balance(app.db, caller.userId, 'template_credit', app.clock.now()) }),
  );
  registerRoute(app, listTemplateCreditRecordsRoute, async ({ caller, query }) =>
    ok(await templateRecords(app.db, caller.userId, query.offset ?? 0, query.count ?? 10, caller)),
  );
  registerRoute(app, listTemplateCreditAdditionsRoute, async ({ caller, query }) =>
    ok(await templateAdditions(app.db, caller.userId, query.offset ?? 0, query.count ?? 10)),
  );
  registerRoute(app, spendTemplateCreditRoute, async ({ body, idempotency }) =>
    ok(
      await spendTemplateCredit(
        app.db,
        { userId: body.user_id, templateId: body.template_id, title: body.title, price: body.price },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );
}
