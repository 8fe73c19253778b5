import type { CliCommand } from '../cli.js';
import { helpCommand } from './help.js';
import { seedDemoCommand } from './seed-demo.js';
import { userCreateCommand } from './user-create.js';
import { orderRecordCommand } from './order-record.js';
import { ordersDemoCommand } from './orders-demo.js';
import { subscriptionGrantCommand } from './subscription-grant.js';
import { invoiceFailCommand, invoiceIssueCommand, invoiceListCommand } from './invoice.js';
import { deviceLimitCommand, deviceListCommand, deviceUnbindCommand } from './device.js';
import { activityClearCommand, activitySetCommand } from './activity.js';
import { exchangeAddCommand } from './exchange.js';
import { companyAddMemberCommand, companyCreateCommand, companyRemoveMemberCommand } from './company.js';
import { teamAddMemberCommand, teamCreateCommand, teamDeleteCommand, teamRemoveMemberCommand } from './team.js';

/** Every operator command, in the order `help` lists them. Add new ones here. */
export const commands: readonly CliCommand[] = [
  helpCommand,
  userCreateCommand,
  seedDemoCommand,
  orderRecordCommand,
  subscriptionGrantCommand,
  invoiceListCommand,
  invoiceIssueCommand,
  invoiceFailCommand,
  ordersDemoCommand,
  deviceListCommand,
  deviceUnbindCommand,
  deviceLimitCommand,
  activitySetCommand,
  activityClearCommand,
  exchangeAddCommand,
  companyCreateCommand,
  companyAddMemberCommand,
  companyRemoveMemberCommand,
  teamCreateCommand,
  teamAddMemberCommand,
  teamRemoveMemberCommand,
  teamDeleteCommand,
];
