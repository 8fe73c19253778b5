import {
  bindCouponRoute,
  CompanyErrors,
  createCompanyRoute,
  redeemGiftCodeRoute,
  redeemLicenceCodeRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { appError } from '../../lib/errors.js';
import { ok, registerRoute, type RouteContext } from '../../lib/register-route.js';
import { companiesOf, typedCompanyName } from '../companies/index.js';
import { redeemCode, redeemCompanyCode, redeemCouponCode, type RedeemDeps } from './redemption.service.js';

type RedeemingRoute =
  | typeof redeemLicenceCodeRoute
  | typeof redeemGiftCodeRoute
  | typeof bindCouponRoute
  | typeof createCompanyRoute;

/**
 * Redeeming codes (spec 01 §7 bindAccount, bindGift, activeCoupon): the licence call, the gift
 * call and the coupon call; and a company code on the company screen's create call (spec 02 §7),
 * which this module answers since it owns redemption, under the companies' path.
 */
export async function codeRoutes(app: FastifyInstance) {
  const deps = ({ idempotency }: RouteContext<RedeemingRoute>): RedeemDeps => ({
    db: app.db,
    secretKey: app.config.secretKey,
    now: app.clock.now(),
    markApplied: (trx) => idempotency.markApplied(trx),
  });
  // An address is always known on a socket; "unknown" only groups what a proxy hid.
  const who = ({ caller }: RouteContext<RedeemingRoute>) => ({
    userId: caller.userId,
    region: caller.region,
    ip: caller.client.ip ?? 'unknown',
  });
  registerRoute(app, redeemLicenceCodeRoute, async (context) =>
    ok(await redeemCode(deps(context), { ...who(context), code: context.body.code, via: 'licence' })),
  );
  registerRoute(app, redeemGiftCodeRoute, async (context) =>
    ok(await redeemCode(deps(context), { ...who(context), code: context.body.code, via: 'gift' })),
  );
  registerRoute(app, bindCouponRoute, async (context) =>
    ok(
      await redeemCouponCode(deps(context), {
        ...who(context),
        code: context.body.code,
        replaceCoupon: context.body.replace === true,
        language: context.caller.language,
      }),
    ),
  );

  // Spec 02 §2: the Create tab is the domestic build's only.
  registerRoute(app, createCompanyRoute, async (context) => {
    const { caller, body } = context;
    if (caller.region !== 'domestic') throw appError(CompanyErrors.createNotOffered);
    // The name is checked before the code is tried, so a bad name costs no try of the code.
    const name = body.name?.trim() ? typedCompanyName(body.name) : null;
    const created = await redeemCompanyCode(deps(context), { ...who(context), code: body.license, companyName: name });
    const company = (await companiesOf(app.db, caller.userId)).find((row) => row.id === created.companyId);
    if (!company) throw appError(CompanyErrors.companyNotFound);
    return ok({ err_type: created.errType, company });
  });
}
