import {
  NOTIFICATION_PAGE_SIZE,
  listNotificationsRoute,
  markNotificationsReadRoute,
  unreadNotificationsRoute,
} from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';

// The unread indicator says how many messages are unread and where the newest of them is in the
// list (its offset, newest first), so the screen can say on which page it waits.
describeOnEachDialect('the unread indicator on $name', (t) => {
  const cli = cliRunner(() => t);

  /** Sends a message to one person; the clock moves a second on unless it is to stay. */
  async function sendTo(user: TestUser, content: string, { sameSecond = false } = {}): Promise<number> {
    const sent = await cli('notice:send', '--to', 'users', '--users', String(user.userId), '--content', content);
    expect(sent.code, JSON.stringify(sent.error)).toBe(0);
    if (!sameSecond) t.clock.advance(1);
    return sent.json.id as number;
  }
  const summary = async (user: TestUser) => (await call(t, unreadNotificationsRoute, { as: user })).ok().data;
  const markRead = async (user: TestUser, ids: number[]) =>
    expect((await call(t, markNotificationsReadRoute, { as: user, body: { ids } })).status).toBe(200);

  it('counts the unread messages and tells the offset of the newest one', async () => {
    const ann = await testUser(t);
    expect(await summary(ann)).toEqual({ unread: false, count: 0, first_offset: null });

    const ids: number[] = [];
    for (let i = 1; i <= NOTIFICATION_PAGE_SIZE + 2; i += 1) ids.push(await sendTo(ann, `message ${i}`));
    expect(await summary(ann)).toEqual({ unread: true, count: NOTIFICATION_PAGE_SIZE + 2, first_offset: 0 });

    // The first page is fetched and marked read, as the screen does: the two oldest wait on page 2.
    const first = (
      await call(t, listNotificationsRoute, { as: ann, query: { offset: 0, count: NOTIFICATION_PAGE_SIZE } })
    ).ok().data.notify;
    await markRead(
      ann,
      first.map((message) => message.id),
    );
    expect(await summary(ann)).toEqual({ unread: true, count: 2, first_offset: NOTIFICATION_PAGE_SIZE });

    // Of the two, the newer read: the older is the last of the list.
    await markRead(ann, [ids[1]!]);
    expect(await summary(ann)).toEqual({ unread: true, count: 1, first_offset: NOTIFICATION_PAGE_SIZE + 1 });

    // A new message comes first in the list.
    await sendTo(ann, 'newest');
    expect(await summary(ann)).toEqual({ unread: true, count: 2, first_offset: 0 });
  });

  it('orders messages of the same second as the list does, by id', async () => {
    const bob = await testUser(t);
    const older = await sendTo(bob, 'one', { sameSecond: true });
    const newer = await sendTo(bob, 'two');
    const list = (await call(t, listNotificationsRoute, { as: bob })).ok().data.notify.map((message) => message.id);
    expect(list).toEqual([newer, older]);
    await markRead(bob, [newer]);
    expect(await summary(bob)).toEqual({ unread: true, count: 1, first_offset: 1 });
    await markRead(bob, [older]);
    expect(await summary(bob)).toEqual({ unread: false, count: 0, first_offset: null });
  });

  it('answers the same at the spec’s path, and counts only what the person sees', async () => {
    const cat = await testUser(t);
    const dan = await testUser(t);
    await sendTo(dan, 'for Dan only');
    await sendTo(cat, 'for Cat');
    const atSpecPath = await t.app.inject({
      method: 'GET',
      url: '/api/user/notification/exists',
      headers: cat.headers(),
    });
    expect(atSpecPath.json().data).toEqual({ unread: true, count: 1, first_offset: 0 });
  });
});
