import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsRoute } from '@account-centre/contract';
import { createQueryClient } from '../../lib/query-client';
import { unreadMessagesQueryKey } from '../../lib/user/unread-messages';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { MessageScreen } from './MessageScreen';

signedInForEachTest(7);

/** 14 messages, newest first: the 1st, 2nd and 12th unread; every third a system message. */
const all = Array.from({ length: 14 }, (_, i) => ({
  id: 100 - i,
  is_read: ![0, 1, 11].includes(i),
  type: i % 3 === 0 ? ('system' as const) : ('other' as const),
  created_at: 1_795_000_000 - i * 3600,
  content: `<p>Message ${100 - i} <a href="https://example.com/m/${100 - i}">details</a></p>`,
}));

function server() {
  return stubApi()
    .answer(listNotificationsRoute, ({ query }) => ({
      data: { count: all.length, notify: all.slice(Number(query.offset), Number(query.offset) + Number(query.count)) },
    }))
    .answer(markNotificationsReadRoute, {})
    .answer(unreadNotificationsRoute, { data: { unread: false, count: 0, first_offset: null } });
}

describe('the messages screen', () => {
  it('shows ten a page, system messages apart, and marks the unread ones of each page read once', async () => {
    const api = server();
    const queryClient = createQueryClient();
    // The indicator has said "unread", as the menu would have asked before this screen opened.
    queryClient.setQueryData(unreadMessagesQueryKey(7), { unread: true, count: 3, first_offset: 0 });
    await renderInLanguage(<MessageScreen />, { path: '/message', queryClient });
    const list = await screen.findByRole('list', { name: 'Your messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toContain('System');
    expect(items[0]?.textContent).toContain('New');
    expect(items[1]?.textContent).toContain('Notice');
    expect(items[2]?.textContent).not.toContain('New');
    const link = within(items[0] as HTMLElement).getByRole('link', { name: 'details' });
    expect(link.getAttribute('href')).toBe('https://example.com/m/100');
    // Where it opens is the sanitiser's (sanitise.test.ts, in a real parser) and the e2e suite's.

    await waitFor(() => expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(1));
    expect(api.callsTo(markNotificationsReadRoute)[0]?.body).toEqual({ ids: [100, 99] });
    // The indicator is to be asked again once they are read.
    await waitFor(() => expect(api.callsTo(unreadNotificationsRoute)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(list).findByText(/Message 89/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(2));
    expect(api.callsTo(markNotificationsReadRoute)[1]?.body).toEqual({ ids: [89] });

    // Back to page 1, from the cache: neither fetched nor marked again.
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await within(list).findByText(/Message 100/)).toBeTruthy();
    expect(api.callsTo(listNotificationsRoute)).toHaveLength(2);
    expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(2);
  });

  it('says when there is nothing', async () => {
    const api = stubApi()
      .answer(listNotificationsRoute, { data: { count: 0, notify: [] } })
      .answer(unreadNotificationsRoute, { data: { unread: false, count: 0, first_offset: null } });
    await renderInLanguage(<MessageScreen />, { path: '/message', language: 'de' });
    expect(await screen.findByText('Sie haben noch keine Nachrichten.')).toBeTruthy();
    expect(api.callsTo(markNotificationsReadRoute)).toHaveLength(0);
  });
});
