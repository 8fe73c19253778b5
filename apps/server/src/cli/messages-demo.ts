import type { Db } from '../db/database.js';
import { markRead, sendNotice } from '../modules/messages/messages.service.js';

const DAY = 86_400;

/**
 * The demo's messages, oldest first: system and other, some with links, more than one page.
 * Operators write a notice in one language, and the messages screen is the domestic build's, so
 * the demo's are in Chinese, as the domestic demo account would receive them.
 */
const DEMO_MESSAGES: readonly { type: 'system' | 'other'; content: string; read: boolean }[] = [
  { type: 'system', content: '<p>欢迎使用账号中心。</p>', read: true },
  { type: 'other', content: '<p>模板周：所有流程图模板<b>七折</b>。</p>', read: true },
  { type: 'system', content: '<p>订单 DEMO-0001 的发票已开具。</p>', read: true },
  { type: 'system', content: '<p>有新设备登录了你的账号。</p>', read: true },
  { type: 'other', content: '<p>思维导图新功能：AI 大纲笔记。<br />今天就来试试吧。</p>', read: true },
  { type: 'system', content: '<p>你签到获得的 AI 点数将在 7 天后过期。</p>', read: true },
  {
    type: 'other',
    content: '<p>阅读我们的指南：<a href="https://www.example.com/blog/diagram-tips">绘图十大技巧</a>。</p>',
    read: false,
  },
  { type: 'system', content: '<p>你的礼品码已兑换，500 AI 点数已到账。</p>', read: false },
  { type: 'system', content: '<p>团队 <b>Design team</b> 的席位快用完了。</p>', read: false },
  {
    type: 'other',
    content: '<p>周四线上讲座：<a href="https://www.example.com/events">立即报名</a>。</p>',
    read: false,
  },
  { type: 'system', content: '<p>许可证密钥已绑定到此账号。</p>', read: false },
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
    { audience: 'all', type: 'system', content: '<p>系统将于周日 02:00–04:00（北京时间）进行维护。</p>' },
    // Broadcasts reach the accounts open when they are sent: the demo's was opened just now.
    now,
  );
  await markRead(db, userId, read, now);
  return true;
}
