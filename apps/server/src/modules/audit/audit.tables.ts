import type { Generated } from 'kysely';

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  created_at: number;
}

declare module '../../db/db.js' {
  /** The tables the audit module owns (docs/architecture.md#table-owners). */
  interface Database {
    audit_events: AuditEventsTable;
  }
}
