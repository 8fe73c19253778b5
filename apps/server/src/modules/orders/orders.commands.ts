import {
  currencies,
  personalPlatforms,
  type PersonalPlatform,
  orderChannels,
  orderProductCodes,
} from '@account-centre/contract';
import { userIdOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { recordOrder } from './orders.service.js';

export const orderRecordCommand = operatorCommand({
  name: 'order:record',
  description:
    'Record an order of any product, type, channel, date and price (e.g. a store or bank-transfer order) with what it buys: its licence and a personal plan’s extras, through the grants module. Prints the order as the user’s history shows it.',
  options: [
    userIdOption,
    { kind: 'choice', name: 'product', description: 'order product code', required: true, values: orderProductCodes },
    {
      kind: 'integer',
      name: 'type',
      description: 'numeric order type (spec 01 §9, e.g. 209 one year)',
      required: true,
    },
    { kind: 'text', name: 'name', description: 'product name shown in the history and on the receipt', required: true },
    {
      kind: 'integer',
      name: 'amount',
      description: 'price paid in minor units (fen, cents): 28000 = 280.00',
      required: true,
    },
    { kind: 'choice', name: 'channel', description: 'where it was paid', required: true, values: orderChannels },
    {
      kind: 'time',
      forever: 'stored',
      name: 'date',
      description: 'order date: unix seconds or YYYY-MM-DD (default now)',
    },
    { kind: 'integer', name: 'quantity', description: 'default 1' },
    { kind: 'choice', name: 'region', description: 'default the user’s region', values: ['domestic', 'overseas'] },
    { kind: 'choice', name: 'currency', description: 'default CNY domestic, USD overseas', values: currencies },
    {
      kind: 'time',
      forever: 'stored',
      name: 'exp',
      description: 'end of the entitlement, when not derived from the type: unix seconds, YYYY-MM-DD or forever',
    },
    { kind: 'text', name: 'more', description: 'detail column (platforms, seats…)' },
    { kind: 'text', name: 'agent', description: 'reseller' },
    { kind: 'text', name: 'order-no', description: 'the store’s own order number (default generated)' },
    {
      kind: 'list',
      name: 'platforms',
      description: `comma-separated platforms the licence covers (${personalPlatforms.join(',')}); default the plan’s`,
    },
    { kind: 'text', name: 'version', description: 'buys this version for ever (a perpetual licence)' },
    {
      kind: 'boolean',
      name: 'renews',
      description: 'a store subscription that renews itself (true/false); default the plan’s own',
    },
    {
      kind: 'integer',
      name: 'product-id',
      description: 'the store’s product id of a subscription (5371, 5380, 5370, 5378 cancellable)',
    },
    {
      kind: 'text',
      name: 'course',
      description: 'the lesson id a course order (maxlessonRecord, mindlessonRecord) buys',
    },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return recordOrder(
      deps.db,
      {
        userId: flags.user,
        product: flags.product,
        type: flags.type,
        productName: flags.name,
        amount: flags.amount,
        channel: flags.channel,
        orderedAt: flags.date,
        quantity: flags.quantity,
        region: flags.region,
        currency: flags.currency,
        exp: flags.exp ?? null,
        more: flags.more ?? null,
        agent: flags.agent ?? null,
        orderNo: flags['order-no'],
        platforms: flags.platforms.length === 0 ? undefined : (flags.platforms as PersonalPlatform[]),
        version: flags.version ?? null,
        productId: flags['product-id'] ?? null,
        renews: flags.renews,
        course: flags.course ?? null,
      },
      deps.clock.now(),
    );
  },
});
