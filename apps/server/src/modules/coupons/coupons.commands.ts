import { couponProducts, couponProductTypes, type CouponType, currencies } from '@account-centre/contract';
import { operatorCommand } from '../operator-command.js';
import { defineCoupon } from './coupons.service.js';

export const couponDefineCommand = operatorCommand({
  name: 'coupon:define',
  description:
    'Define a coupon: what it takes off templates of which community (or, with --product-type plan, off the checkout’s plans of which product), from what spend, for how long. Its codes are then made with code:batch --kind gift --coupon <id>.',
  options: [
    {
      kind: 'integer',
      name: 'type',
      description: '1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only',
      required: true,
    },
    {
      kind: 'integer',
      name: 'value',
      description: 'minor units off (fen, cents), or the percentage off for type 2',
      required: true,
    },
    {
      kind: 'choice',
      name: 'product',
      description: 'the community whose templates (or the product whose plans) it is for',
      values: couponProducts,
      default: 'all',
    },
    {
      kind: 'choice',
      name: 'product-type',
      description: 'template (default) or plan',
      values: couponProductTypes,
      default: 'template',
    },
    {
      kind: 'choice',
      name: 'currency',
      description: 'the currency of an amount (default CNY)',
      values: currencies,
      default: 'CNY',
    },
    {
      kind: 'integer',
      name: 'min-spend',
      description: 'the least an order must cost, in minor units (default 0: any)',
      default: 0,
    },
    { kind: 'localised', name: 'info', description: 'its description, as the account sees it', required: true },
    {
      kind: 'integer',
      name: 'days',
      description: 'days it lasts once bound (default: until --valid-until, or for ever)',
    },
    {
      kind: 'time',
      forever: 'stored',
      name: 'valid-until',
      description: 'when every bound coupon of it ends: unix seconds or YYYY-MM-DD',
    },
  ],
  run: async (context, values) => {
    const deps = await context.deps();
    return defineCoupon(
      deps.db,
      {
        // The service refuses a type it does not know, as it does an API caller's.
        type: values.type as CouponType,
        value: values.value,
        product: values.product,
        productType: values['product-type'],
        currency: values.currency,
        minSpend: values['min-spend'],
        info: values.info.text,
        infoTranslations: values.info.translations,
        validDays: values.days ?? null,
        validUntil: values['valid-until'] ?? null,
      },
      deps.clock.now(),
    );
  },
});
