import { checkoutItemByKey, CommonErrors } from '@account-centre/contract';
import { operatorInputError } from '../../lib/errors.js';
import { liveRenewingLicences } from '../grants/index.js';
import { itemName, newOrderNo } from '../orders/index.js';
import { unsettled } from './checkout.service.js';
import { pricesOf } from './payments.config.js';
import { agreementCheckoutAmong, checkoutByTradeNo, insertCheckout, moveCheckout } from './payments.repository.js';
import type { PaymentsDeps } from './providers.js';
import { accountLanguage } from '../user/index.js';

/**
 * Whether the subscription this agreement pays for still renews: a live licence grant of its
 * first payment or of one of its renewals still brings the renewal. The product's record alone
 * cannot tell: after a switch to another continuous plan it renews — through another agreement.
 */
async function agreementRenews(db: PaymentsDeps['db'], root: { out_trade_no: string; user_id: number }) {
  const orderNos = (await liveRenewingLicences(db, root.user_id)).flatMap((licence) =>
    licence.order_no === null ? [] : [licence.order_no],
  );
  return agreementCheckoutAmong(db, root.out_trade_no, orderNos);
}

/**
 * A continuous plan's next period (spec 02 §9 continuous yearly and half-year plans;
 * docs/decisions/037): the provider charges the agreement set up by the plan's first payment, as
 * a new checkout that `renews` it, and the payment's notification settles it like any other — its
 * licence extends the running one from its end. A plan whose renewal was cancelled
 * (`scheme-cancel`) or ended by a purchase (a lifetime plan, another continuous plan; decision
 * 056) is not charged, and its agreement is ended.
 */
export async function renewContinuousPlan(deps: PaymentsDeps, agreementOf: string) {
  const root = await checkoutByTradeNo(deps.db, agreementOf);
  const item = root ? checkoutItemByKey(root.item) : undefined;
  if (!root || item?.kind !== 'personal' || !item.plan.continuous || root.renews !== null)
    throw operatorInputError('not the first checkout of a continuous plan', CommonErrors.notFound);
  if (root.state !== 'fulfilled')
    throw operatorInputError(`the plan’s checkout is ${root.state}`, CommonErrors.conflict);
  const provider = deps.providers.byName(root.provider);
  if (!provider?.chargeAgreement) throw operatorInputError(`provider ${root.provider} charges no agreements here`);

  if (!(await agreementRenews(deps.db, root))) {
    await provider.endAgreement?.(agreementOf);
    throw operatorInputError('the plan no longer renews (cancelled): its agreement is ended', CommonErrors.conflict);
  }

  const now = deps.clock.now();
  const amount = pricesOf(deps.config, root.item)?.[root.currency] ?? null;
  if (amount === null) throw operatorInputError('the plan is no longer sold in its currency', CommonErrors.conflict);
  const outTradeNo = newOrderNo(now);
  const expiresAt = now + 30 * 60;
  // Recorded before the charge, so the notification that follows finds it.
  await insertCheckout(deps.db, {
    ...root,
    id: undefined,
    out_trade_no: outTradeNo,
    list_amount: amount,
    discount: 0,
    amount,
    coupon_grant_id: null,
    provider_ref: null,
    pay_url: null,
    qr_content: null,
    renews: agreementOf,
    ...unsettled(now, expiresAt),
  });
  const charged = await provider.chargeAgreement(agreementOf, {
    outTradeNo,
    amount,
    currency: root.currency,
    method: root.method,
    // Charged with nobody present: in the language the account chose.
    description: itemName(
      item,
      { product: root.product, quantity: root.quantity },
      await accountLanguage(deps.db, root.user_id, root.region),
    ),
    notifyUrl: `${deps.notifyOrigin()}/api/pay/notify/${provider.name}`,
    payerOrigin: deps.notifyOrigin(),
    expiresAt,
    agreement: true,
  });
  if (!charged) {
    await moveCheckout(deps.db, { outTradeNo }, ['created'], { state: 'closed', closed_at: now }, now);
    throw operatorInputError('the provider has no live agreement for this plan', CommonErrors.conflict);
  }
  const after = await checkoutByTradeNo(deps.db, outTradeNo);
  if (!after) throw new Error(`payments: renewal checkout ${outTradeNo} is not there`);
  return {
    out_trade_no: after.out_trade_no,
    state: after.state,
    amount: after.amount,
    currency: after.currency,
    renews: agreementOf,
  };
}
