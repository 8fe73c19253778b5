import type { Db } from '../../db/database.js';
import type { OutboxTable } from '../../db/schema.js';

export type OutboxChannel = OutboxTable['channel'];

export interface NewOutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
}

export function insertMessage(db: Db, message: NewOutboxMessage, now: number) {
  return db
    .insertInto('outbox')
    .values({ ...message, created_at: now, sent_at: null, attempts: 0, last_error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function listForRecipient(db: Db, recipient: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at', 'sent_at'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
