import { operatorCommand } from '../operator-command.js';
import { revoke } from './grants.service.js';

const reasonOption = {
  kind: 'text',
  name: 'reason',
  description: 'why, for the history and the audit trail',
  required: true,
  nonEmpty: true,
} as const;

export const grantRevokeCommand = operatorCommand({
  name: 'grant:revoke',
  description:
    'Take a grant back (a refund, a mistake): what is left of its points or credit is removed with a ledger entry; what was used stays used.',
  options: [{ kind: 'id', name: 'grant', description: 'grant id', required: true }, reasonOption],
  run: async (context, { grant: grantId, reason }) => {
    const deps = await context.deps();
    return deps.db.transaction().execute((trx) => revoke(trx, grantId, reason, deps.clock.now()));
  },
});
