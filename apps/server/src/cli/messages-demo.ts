import type { Db } from '../db/database.js';
import { markRead, sendNotice } from '../modules/messages/messages.service.js';

const DAY = 86_400;

/** The demo's messages, oldest first: system and other, some with links, more than one page. */
const DEMO_MESSAGES: readonly { type: 'system' | 'other'; content: string; read: boolean }[] = [
  { type: 'system', content: '<p>Welcome to your account centre.</p>', read: true },
  { type: 'other', content: '<p>Template week: <b>30% off</b> every flowchart template.</p>', read: true },
  { type: 'system', content: '<p>Your receipt for order DEMO-0001 has been issued.</p>', read: true },
  { type: 'system', content: '<p>A new device signed in to your account.</p>', read: true },
  { type: 'other', content: '<p>New in the mind-map tool: AI outline notes.<br />Try them today.</p>', read: true },
  { type: 'system', content: '<p>Your AI points from the check-in bonus expire in 7 days.</p>', read: true },
  {
    type: 'other',
    content: '<p>Read our guide: <a href="https://www.example.com/blog/diagram-tips">ten diagram tips</a>.</p>',
    read: false,
  },
  { type: 'system', content: '<p>Your gift code was redeemed: 500 AI points were added.</p>', read: false },
  { type: 'system', content: '<p>You joined the team <b>Design team</b>.</p>', read: false },
  {
    type: 'other',
    content: '<p>Webinar on Thursday: <a href="https://www.example.com/events">sign up</a>.</p>',
    read: false,
  },
  { type: 'system', content: '<p>Your licence key was bound to this account.</p>', read: false },
];

/**
 * Messages on the demo account, so every state of the messages screen shows: read and unread,
 * both types, links, more than one page, and a broadcast to everyone. Once: an account with
 * messages is left alone.
 */
export async function seedMessagesDemo(db: Db, userId: number, now: number): Promise<boolean> {
  const existing = await db
    .selectFrom('notice_recipients')
    .select('notice_id')
    .where('user_id', '=', userId)
    .limit(1)
    .execute();
  if (existing.length > 0) return false;
  const read: number[] = [];
  for (const [i, message] of DEMO_MESSAGES.entries()) {
    const at = now - (DEMO_MESSAGES.length - i) * DAY;
    const sent = await sendNotice(
      db,
      { audience: 'users', userIds: [userId], type: message.type, content: message.content },
      at,
    );
    if (message.read) read.push(sent.id);
  }
  await sendNotice(
    db,
    { audience: 'all', type: 'system', content: '<p>Scheduled maintenance on Sunday, 02:00–04:00 (UTC+8).</p>' },
    // Broadcasts reach the accounts open when they are sent: the demo's was opened just now.
    now,
  );
  await markRead(db, userId, read, now);
  return true;
}
