import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  attempts: number;
  last_error: string | null;
  /** A delivery worker's lease while it holds the row; after a failed try, the next try's time. */
  next_attempt_at: Generated<number>;
}

declare module '../../db/db.js' {
  /** The tables the outbox module owns (docs/architecture.md#table-owners). */
  interface Database {
    outbox: OutboxTable;
  }
}
