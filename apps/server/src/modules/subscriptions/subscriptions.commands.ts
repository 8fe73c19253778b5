import {
  type LicenceLength,
  LicenceLengthMs,
  orderChannels,
  subscriptionProducts,
  subscriptionTypes,
} from '@account-centre/contract';
import { UsageError, userIdOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { type GrantEnd, grantSubscription } from './subscriptions.service.js';

const lengths = Object.keys(LicenceLengthMs) as LicenceLength[];

export const subscriptionGrantCommand = operatorCommand({
  name: 'subscription:grant',
  description:
    'Grant or extend a subscription through the grants module: the named platforms run until a date (--until, or --until forever), or each is extended by a licence length from its current end (--extend). A platform shows the latest end its live grants give; take a grant back with grant:revoke. Team grants (--scope team) touch only the team’s desktop/mobile expiries.',
  options: [
    userIdOption,
    {
      kind: 'choice',
      name: 'product',
      description: 'subscription product',
      required: true,
      values: subscriptionProducts,
    },
    {
      kind: 'list',
      name: 'platforms',
      description: 'comma-separated: win,mac,linux,online,mobile,ios,android,ppt (personal) or desktop,mobile (team)',
      required: true,
    },
    { kind: 'time', forever: 'stored', name: 'until', description: 'end: unix seconds, YYYY-MM-DD or forever' },
    { kind: 'choice', name: 'extend', description: 'extend by a licence length', values: lengths },
    {
      kind: 'choice',
      default: 'personal',
      name: 'scope',
      description: 'default personal',
      values: ['personal', 'team'],
    },
    { kind: 'text', name: 'group', description: 'team name (team scope)' },
    { kind: 'choice', name: 'type', description: 'record kind', values: subscriptionTypes },
    { kind: 'text', name: 'name', description: 'plan name shown on the licence card' },
    { kind: 'text', name: 'version', description: 'version of a perpetual licence' },
    { kind: 'integer', name: 'order-type', description: 'numeric order type of the plan' },
    {
      kind: 'integer',
      name: 'product-id',
      description: 'numeric product id (5371, 5380, 5370, 5378 are cancellable overseas)',
    },
    { kind: 'text', name: 'order', description: 'order number that paid for it' },
    { kind: 'choice', name: 'channel', description: 'where it was bought', values: orderChannels },
    { kind: 'boolean', name: 'renew', description: 'renews itself each period (true/false)' },
    { kind: 'boolean', name: 'is99', description: 'bought through the 99 offer: not renewable (true/false)' },
    { kind: 'boolean', name: 'fuser', description: 'granted free, not bought (true/false)' },
    {
      kind: 'time',
      forever: 'stored',
      name: 'upgrade-until',
      description: 'end of the free upgrade period: unix seconds or YYYY-MM-DD',
    },
    {
      kind: 'time',
      forever: 'stored',
      name: 'started',
      description: 'when the licence began: unix seconds or YYYY-MM-DD',
    },
    {
      kind: 'text',
      name: 'reference',
      description: 'your reference (a ticket): the same reference never grants twice',
    },
    { kind: 'text', name: 'reason', description: 'why, for the grant’s history and the audit trail' },
  ],
  run: async (context, flags) => {
    if ((flags.until === undefined) === (flags.extend === undefined)) {
      throw new UsageError('give exactly one of --until and --extend');
    }
    const end: GrantEnd =
      flags.until !== undefined ? { until: flags.until } : { extendBy: flags.extend as LicenceLength };
    const deps = await context.deps();
    return grantSubscription(
      deps.db,
      {
        userId: flags.user,
        product: flags.product,
        scope: flags.scope,
        platforms: flags.platforms,
        end,
        group: flags.group,
        type: flags.type,
        name: flags.name,
        version: flags.version,
        orderType: flags['order-type'],
        productId: flags['product-id'],
        orderNo: flags.order,
        channel: flags.channel,
        haveRenew: flags.renew,
        is99: flags.is99,
        fuser: flags.fuser,
        upgradeTime: flags['upgrade-until'],
        startedAt: flags.started,
        reference: flags.reference,
        reason: flags.reason,
      },
      deps.clock.now(),
    );
  },
});
