import { operatorCommand } from '../operator-command.js';
import { failInvoice, issueInvoice, listInvoices } from './invoices.service.js';

const orderOption = { kind: 'text', name: 'order', description: 'order number', required: true } as const;

export const invoiceIssueCommand = operatorCommand({
  name: 'invoice:issue',
  description:
    'Issue a pending invoice (billing_pending → billing_success) with the number the tax system gave it; the requester is told by e-mail and can download it.',
  options: [
    orderOption,
    { kind: 'text', name: 'number', description: 'invoice number (default generated from the order)' },
  ],
  run: async (context, { order, number }) => {
    const deps = await context.deps();
    return issueInvoice(deps.db, order, number, deps.clock.now());
  },
});

export const invoiceFailCommand = operatorCommand({
  name: 'invoice:fail',
  description:
    'Fail a pending invoice (billing_pending → billing_fail), e.g. wrong title or tax number; the requester is told by e-mail and may request it again.',
  options: [
    orderOption,
    {
      kind: 'text',
      name: 'reason',
      description: 'why it could not be issued (kept with the invoice)',
      required: true,
    },
  ],
  run: async (context, { order, reason }) => {
    const deps = await context.deps();
    return failInvoice(deps.db, order, reason, deps.clock.now());
  },
});

export const invoiceListCommand = operatorCommand({
  name: 'invoice:list',
  description: 'Invoices in a state, oldest request first (default: pending, waiting for an operator).',
  options: [
    {
      kind: 'choice',
      name: 'state',
      description: 'default billing_pending',
      values: ['billing_pending', 'billing_fail', 'billing_success'],
      default: 'billing_pending',
    },
    { kind: 'integer', name: 'limit', description: 'at most this many (default 100)', default: 100 },
  ],
  run: async (context, { state, limit }) => {
    const deps = await context.deps();
    // An out-of-range limit is clamped, as it always was, rather than refused.
    return listInvoices(deps.db, state, Math.min(Math.max(limit, 1), 1000));
  },
});
