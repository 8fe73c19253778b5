import type { CliCommand } from '../../cli/cli.js';
import { intFlag } from '../../cli/order-flags.js';
import { failInvoice, issueInvoice, listInvoices } from './invoices.service.js';

export const invoiceIssueCommand: CliCommand = {
  name: 'invoice:issue',
  description:
    'Issue a pending invoice (billing_pending → billing_success) with the number the tax system gave it; the requester is told by e-mail and can download it.',
  options: [
    { name: 'order', description: 'order number', required: true },
    { name: 'number', description: 'invoice number (default generated from the order)' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return issueInvoice(deps.db, flags.order as string, flags.number, deps.clock.now());
  },
};

export const invoiceFailCommand: CliCommand = {
  name: 'invoice:fail',
  description:
    'Fail a pending invoice (billing_pending → billing_fail), e.g. wrong title or tax number; the requester is told by e-mail and may request it again.',
  options: [
    { name: 'order', description: 'order number', required: true },
    { name: 'reason', description: 'why it could not be issued (kept with the invoice)', required: true },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return failInvoice(deps.db, flags.order as string, flags.reason as string, deps.clock.now());
  },
};

export const invoiceListCommand: CliCommand = {
  name: 'invoice:list',
  description: 'Invoices in a state, oldest request first (default: pending, waiting for an operator).',
  options: [
    {
      name: 'state',
      description: 'default billing_pending',
      values: ['billing_pending', 'billing_fail', 'billing_success'],
    },
    { name: 'limit', description: 'at most this many (default 100)' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const limit = intFlag('limit', flags.limit) ?? 100;
    return listInvoices(
      deps.db,
      (flags.state as 'billing_pending' | 'billing_fail' | 'billing_success' | undefined) ?? 'billing_pending',
      Math.min(Math.max(limit, 1), 1000),
    );
  },
};
