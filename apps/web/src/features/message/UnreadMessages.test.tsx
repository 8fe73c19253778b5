import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_PAGE_SIZE,
  listNotificationsRoute,
  markNotificationsReadRoute,
  unreadNotificationsRoute,
} from '@account-centre/contract';
import { createQueryClient } from '../../lib/query-client';
import { unreadMessagesQueryKey } from '../../lib/user/unread-messages';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { MessageScreen } from './MessageScreen';

signedInForEachTest(7);

// Spec 01 §4: messages are read once fetched. An unread message on a later page kept the menu's
// dot on with nothing saying where it was: the indicator now says how many and where.

/** 25 messages, newest first, read but for those at the offsets given. */
function messages(unreadAt: number[]) {
  return Array.from({ length: 25 }, (_, i) => ({
    id: 100 - i,
    is_read: !unreadAt.includes(i),
    type: 'other' as const,
    created_at: 1_795_000_000 - i * 3600,
    content: `<p>Message ${100 - i}</p>`,
  }));
}

/** The server: the list, marking read, and the indicator, all from the same messages. */
function server(all: ReturnType<typeof messages>) {
  const summary = () => {
    const first = all.findIndex((message) => !message.is_read);
    const count = all.filter((message) => !message.is_read).length;
    return { unread: count > 0, count, first_offset: first < 0 ? null : first };
  };
  return stubApi()
    .answer(listNotificationsRoute, ({ query }) => ({
      data: { count: all.length, notify: all.slice(Number(query.offset), Number(query.offset) + Number(query.count)) },
    }))
    .answer(markNotificationsReadRoute, ({ body }) => {
      for (const message of all) if ((body as { ids: number[] }).ids.includes(message.id)) message.is_read = true;
      return {};
    })
    .answer(unreadNotificationsRoute, () => ({ data: summary() }));
}

describe('unread messages', () => {
  it('the screen opens on the page of the newest unread message when the indicator knows where it is', async () => {
    const all = messages([12]);
    const api = server(all);
    const queryClient = createQueryClient();
    // As the menu's indicator asked before the screen opened.
    queryClient.setQueryData(unreadMessagesQueryKey(7), { unread: true, count: 1, first_offset: 12 });
    await renderInLanguage(<MessageScreen />, { path: '/message', queryClient });
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const unread = await within(list).findByText('Message 88');
    expect(unread.closest('li')?.textContent).toContain('New');
    expect(screen.getByRole('button', { name: '2', current: 'page' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo(markNotificationsReadRoute)[0]?.body).toEqual({ ids: [88] }));
    expect(api.callsTo(listNotificationsRoute)[0]?.query).toMatchObject({ offset: String(NOTIFICATION_PAGE_SIZE) });
  });

  it('says how many are unread and on which page, and goes there', async () => {
    const all = messages([0, 13, 21]);
    const api = server(all);
    await renderInLanguage(<MessageScreen />, { path: '/message', language: 'en' });
    await screen.findByText('Message 100');
    // Page 1's one is read once fetched; two wait further on, the newer on page 2.
    const notice = await screen.findByText('2 unread messages. The newest is on page 2.');
    fireEvent.click(screen.getByRole('button', { name: 'Show page 2' }));
    expect((await screen.findByText('Message 87')).closest('li')?.textContent).toContain('New');
    await waitFor(() => expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(2));
    expect(await screen.findByText('1 unread message. It is on page 3.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show page 3' }));
    await screen.findByText('Message 79');
    await waitFor(() => expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(3));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    expect(screen.queryByText(/unread message/)).toBeNull();
  });
});
