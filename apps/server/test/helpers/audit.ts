import type { Db } from '../../src/db/database.js';

/** What a user's audit events of one kind record, oldest first: each event's detail, parsed. */
export async function auditDetails(db: Db, userId: number, kind: string): Promise<Record<string, unknown>[]> {
  const events = await db
    .selectFrom('audit_events')
    .select('detail')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return events.map((event) => JSON.parse(event.detail ?? '{}') as Record<string, unknown>);
}
