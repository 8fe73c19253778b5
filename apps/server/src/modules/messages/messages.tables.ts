import type { NoticeAudience, NotificationType } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A message to named accounts, everyone, a region or a language: one row (docs/decisions/031). */
export interface NoticesTable {
  id: Generated<number>;
  audience: NoticeAudience;
  audience_value: string | null;
  type: NotificationType;
  content: string;
  created_at: number;
  withdrawn_at: number | null;
  /** A message sent once per event (AI points expiring, per grant): unique; null for the rest. */
  event_key: Generated<string | null>;
  /** An operator's notice in other languages: JSON language → sanitised HTML (docs/decisions/058). */
  content_translations: Generated<string | null>;
  /** A product message: the kind of its text, written out when read in the reader's language. */
  kind: Generated<string | null>;
  /** A product message's values (JSON object); null for an operator's notice. */
  params: Generated<string | null>;
}

export interface NoticeRecipientsTable {
  notice_id: number;
  user_id: number;
}

export interface NoticeReadsTable {
  user_id: number;
  notice_id: number;
  read_at: number;
}

declare module '../../db/db.js' {
  /** The tables the messages module owns (docs/architecture.md#table-owners). */
  interface Database {
    notices: NoticesTable;
    notice_recipients: NoticeRecipientsTable;
    notice_reads: NoticeReadsTable;
  }
}
