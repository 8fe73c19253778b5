import {
  type CouponProduct,
  type CouponProductType,
  couponProducts,
  couponProductTypes,
  type CouponType,
  currencies,
  type Currency,
} from '@account-centre/contract';
import type { CliCommand } from '../../cli/cli.js';
import { localisedFlag } from '../../cli/localised-flags.js';
import { intFlag, timeFlag } from '../../cli/order-flags.js';
import { defineCoupon } from './coupons.service.js';

const infoOf = ({ text, translations }: ReturnType<typeof localisedFlag>) => ({
  info: text,
  infoTranslations: translations,
});

export const couponDefineCommand: CliCommand = {
  name: 'coupon:define',
  description:
    'Define a coupon: what it takes off templates of which community (or, with --product-type plan, off the checkout’s plans of which product), from what spend, for how long. Its codes are then made with code:batch --kind gift --coupon <id>.',
  options: [
    {
      name: 'type',
      description: '1 an amount off, 2 a percentage off, 15 an amount off in the mobile app only',
      required: true,
    },
    { name: 'value', description: 'minor units off (fen, cents), or the percentage off for type 2', required: true },
    {
      name: 'product',
      description: 'the community whose templates (or the product whose plans) it is for',
      values: couponProducts,
    },
    { name: 'product-type', description: 'template (default) or plan', values: couponProductTypes },
    { name: 'currency', description: 'the currency of an amount (default CNY)', values: currencies },
    { name: 'min-spend', description: 'the least an order must cost, in minor units (default 0: any)' },
    { name: 'info', description: 'its description, as the account sees it', required: true, localised: true },
    { name: 'days', description: 'days it lasts once bound (default: until --valid-until, or for ever)' },
    { name: 'valid-until', description: 'when every bound coupon of it ends: unix seconds or YYYY-MM-DD' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return defineCoupon(
      deps.db,
      {
        type: intFlag('type', flags.type) as CouponType,
        value: intFlag('value', flags.value) as number,
        product: (flags.product ?? 'all') as CouponProduct,
        productType: (flags['product-type'] ?? 'template') as CouponProductType,
        currency: (flags.currency ?? 'CNY') as Currency,
        minSpend: intFlag('min-spend', flags['min-spend']) ?? 0,
        ...infoOf(localisedFlag(flags, 'info')),
        validDays: intFlag('days', flags.days) ?? null,
        validUntil: timeFlag('valid-until', flags['valid-until']) ?? null,
      },
      deps.clock.now(),
    );
  },
};
