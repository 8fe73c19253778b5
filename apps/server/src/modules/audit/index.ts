import { defineModule } from '../manifest.js';

export { countEvents, findEvent, listEvents } from './audit.repository.js';

/** The audit trail every module writes to (sign-ins, security changes, operator actions). */
export const auditModule = defineModule({
  name: 'audit',
  tables: {
    // Addresses and user agents of the person's sign-ins: personal, and gone with the account.
    // Closing writes one `account.closed` event back, with nothing personal in it.
    audit_events: { erase: 'rows' },
  },
});

// The door: how other modules add to a person's audit trail (docs/architecture.md#module-doors).
export { insertAuditEvent } from './audit.repository.js';
export { type AuditEvent } from './audit.repository.js';
