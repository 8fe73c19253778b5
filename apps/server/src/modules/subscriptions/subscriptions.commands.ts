import {
  type LicenceLength,
  LicenceLengthMs,
  type OrderChannel,
  orderChannels,
  type SubscriptionProduct,
  subscriptionProducts,
  type SubscriptionType,
  subscriptionTypes,
} from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { boolFlag, intFlag, listFlag, timeFlag } from '../../cli/order-flags.js';
import { type GrantEnd, grantSubscription } from './subscriptions.service.js';

const lengths = Object.keys(LicenceLengthMs) as LicenceLength[];

export const subscriptionGrantCommand: CliCommand = {
  name: 'subscription:grant',
  description:
    'Grant or extend a subscription through the grants module: the named platforms run until a date (--until, or --until forever), or each is extended by a licence length from its current end (--extend). A platform shows the latest end its live grants give; take a grant back with grant:revoke. Team grants (--scope team) touch only the team’s desktop/mobile expiries.',
  options: [
    { name: 'user', description: 'user id', required: true },
    { name: 'product', description: 'subscription product', required: true, values: subscriptionProducts },
    {
      name: 'platforms',
      description: 'comma-separated: win,mac,linux,online,mobile,ios,android,ppt (personal) or desktop,mobile (team)',
      required: true,
    },
    { name: 'until', description: 'end: unix seconds, YYYY-MM-DD or forever' },
    { name: 'extend', description: 'extend by a licence length', values: lengths },
    { name: 'scope', description: 'default personal', values: ['personal', 'team'] },
    { name: 'group', description: 'team name (team scope)' },
    { name: 'type', description: 'record kind', values: subscriptionTypes },
    { name: 'name', description: 'plan name shown on the licence card' },
    { name: 'version', description: 'version of a perpetual licence' },
    { name: 'order-type', description: 'numeric order type of the plan' },
    { name: 'product-id', description: 'numeric product id (5371, 5380, 5370, 5378 are cancellable overseas)' },
    { name: 'order', description: 'order number that paid for it' },
    { name: 'channel', description: 'where it was bought', values: orderChannels },
    { name: 'renew', description: 'renews itself each period (true/false)' },
    { name: 'is99', description: 'bought through the 99 offer: not renewable (true/false)' },
    { name: 'fuser', description: 'granted free, not bought (true/false)' },
    { name: 'upgrade-until', description: 'end of the free upgrade period: unix seconds or YYYY-MM-DD' },
    { name: 'started', description: 'when the licence began: unix seconds or YYYY-MM-DD' },
    { name: 'reference', description: 'your reference (a ticket): the same reference never grants twice' },
    { name: 'reason', description: 'why, for the grant’s history and the audit trail' },
  ],
  run: async (context, flags) => {
    if ((flags.until === undefined) === (flags.extend === undefined)) {
      throw new UsageError('give exactly one of --until and --extend');
    }
    const until = timeFlag('until', flags.until);
    const end: GrantEnd = until !== undefined ? { until } : { extendBy: flags.extend as LicenceLength };
    const deps = await context.deps();
    return grantSubscription(
      deps.db,
      {
        userId: intFlag('user', flags.user) as number,
        product: flags.product as SubscriptionProduct,
        scope: (flags.scope as 'personal' | 'team' | undefined) ?? 'personal',
        platforms: listFlag(flags.platforms),
        end,
        group: flags.group,
        type: flags.type as SubscriptionType | undefined,
        name: flags.name,
        version: flags.version,
        orderType: intFlag('order-type', flags['order-type']),
        productId: intFlag('product-id', flags['product-id']),
        orderNo: flags.order,
        channel: flags.channel as OrderChannel | undefined,
        haveRenew: boolFlag('renew', flags.renew),
        is99: boolFlag('is99', flags.is99),
        fuser: boolFlag('fuser', flags.fuser),
        upgradeTime: timeFlag('upgrade-until', flags['upgrade-until']),
        startedAt: timeFlag('started', flags.started),
        reference: flags.reference,
        reason: flags.reason,
      },
      deps.clock.now(),
    );
  },
};
