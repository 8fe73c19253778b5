import {
  currencies,
  personalPlatforms,
  type PersonalPlatform,
  type Currency,
  type OrderChannel,
  orderChannels,
  type OrderProductCode,
  orderProductCodes,
} from '@account-centre/contract';
import type { CliCommand } from '../../cli/cli.js';
import { boolFlag, intFlag, listFlag, timeFlag } from '../../cli/order-flags.js';
import { recordOrder } from './orders.service.js';

export const orderRecordCommand: CliCommand = {
  name: 'order:record',
  description:
    'Record an order of any product, type, channel, date and price (e.g. a store or bank-transfer order) with what it buys: its licence and a personal plan’s extras, through the grants module. Prints the order as the user’s history shows it.',
  options: [
    { name: 'user', description: 'user id', required: true },
    { name: 'product', description: 'order product code', required: true, values: orderProductCodes },
    { name: 'type', description: 'numeric order type (spec 01 §9, e.g. 209 one year)', required: true },
    { name: 'name', description: 'product name shown in the history and on the receipt', required: true },
    { name: 'amount', description: 'price paid in minor units (fen, cents): 28000 = 280.00', required: true },
    { name: 'channel', description: 'where it was paid', required: true, values: orderChannels },
    { name: 'date', description: 'order date: unix seconds or YYYY-MM-DD (default now)' },
    { name: 'quantity', description: 'default 1' },
    { name: 'region', description: 'default the user’s region', values: ['domestic', 'overseas'] },
    { name: 'currency', description: 'default CNY domestic, USD overseas', values: currencies },
    {
      name: 'exp',
      description: 'end of the entitlement, when not derived from the type: unix seconds, YYYY-MM-DD or forever',
    },
    { name: 'more', description: 'detail column (platforms, seats…)' },
    { name: 'agent', description: 'reseller' },
    { name: 'order-no', description: 'the store’s own order number (default generated)' },
    {
      name: 'platforms',
      description: `comma-separated platforms the licence covers (${personalPlatforms.join(',')}); default the plan’s`,
    },
    { name: 'version', description: 'buys this version for ever (a perpetual licence)' },
    { name: 'renews', description: 'a store subscription that renews itself (true/false); default the plan’s own' },
    {
      name: 'product-id',
      description: 'the store’s product id of a subscription (5371, 5380, 5370, 5378 cancellable)',
    },
    { name: 'course', description: 'the lesson id a course order (maxlessonRecord, mindlessonRecord) buys' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return recordOrder(
      deps.db,
      {
        userId: intFlag('user', flags.user) as number,
        product: flags.product as OrderProductCode,
        type: intFlag('type', flags.type) as number,
        productName: flags.name as string,
        amount: intFlag('amount', flags.amount) as number,
        channel: flags.channel as OrderChannel,
        orderedAt: timeFlag('date', flags.date),
        quantity: intFlag('quantity', flags.quantity),
        region: flags.region as 'domestic' | 'overseas' | undefined,
        currency: flags.currency as Currency | undefined,
        exp: timeFlag('exp', flags.exp) ?? null,
        more: flags.more ?? null,
        agent: flags.agent ?? null,
        orderNo: flags['order-no'],
        platforms: flags.platforms === undefined ? undefined : (listFlag(flags.platforms) as PersonalPlatform[]),
        version: flags.version ?? null,
        productId: intFlag('product-id', flags['product-id']) ?? null,
        renews: boolFlag('renews', flags.renews),
        course: flags.course ?? null,
      },
      deps.clock.now(),
    );
  },
};
