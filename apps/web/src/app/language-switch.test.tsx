import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listNotificationsRoute, unreadNotificationsRoute } from '@account-centre/contract';
import { LanguagePicker } from '../components/LanguagePicker';
import { MessageScreen } from '../features/message/MessageScreen';
import { stubApi } from '../testing/api';
import { renderInLanguage } from '../testing/render';
import { signedInForEachTest } from '../testing/signed-in';
import { createQueryClient } from '../lib/query-client';

signedInForEachTest(7);

/** What the server writes in each language it is asked for (docs/decisions/058). */
const sentence: Record<string, string> = {
  en: 'Your order has been paid.',
  de: 'Ihre Bestellung wurde bezahlt.',
};

/** Twelve read messages (two pages), each worded in the request's Accept-Language. */
function server() {
  return stubApi()
    .answer(listNotificationsRoute, ({ query, headers }) => {
      const offset = Number(query.offset);
      const language = headers.get('Accept-Language') ?? '';
      const ids = Array.from({ length: 12 }, (_, i) => 100 - i).slice(offset, offset + Number(query.count));
      return {
        data: {
          count: 12,
          notify: ids.map((id) => ({
            id,
            is_read: true,
            type: 'system' as const,
            created_at: 1_795_000_000 - id * 60,
            content: `<p>${sentence[language] ?? `(${language})`} #${id}</p>`,
          })),
        },
      };
    })
    .answer(unreadNotificationsRoute, { data: { unread: false, count: 0, first_offset: null } });
}

describe('a language switch', () => {
  it('fetches again, in the new language, what the server worded: the list on show and the pages seen before', async () => {
    const api = server();
    await renderInLanguage(
      <>
        <LanguagePicker />
        <MessageScreen />
      </>,
      { path: '/message', queryClient: createQueryClient() },
    );
    const list = await screen.findByRole('list', { name: 'Your messages' });
    expect(await within(list).findByText('Your order has been paid. #100')).toBeTruthy();
    // Page 2 seen in English, then back to page 1: page 2 stays in the cache.
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(list).findByText('Your order has been paid. #90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    expect(await within(list).findByText('Your order has been paid. #100')).toBeTruthy();
    expect(api.callsTo(listNotificationsRoute)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));

    const german = await screen.findByRole('list', { name: 'Ihre Nachrichten' });
    expect(await within(german).findByText('Ihre Bestellung wurde bezahlt. #100')).toBeTruthy();
    expect(within(german).queryByText(/Your order/)).toBeNull();
    const page1Again = api.callsTo(listNotificationsRoute)[2];
    expect(page1Again?.query.offset).toBe('0');
    expect(page1Again?.headers.get('Accept-Language')).toBe('de');

    // The page seen in English is not shown in it again.
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(german).findByText('Ihre Bestellung wurde bezahlt. #90')).toBeTruthy();
    await waitFor(() => expect(within(german).queryByText(/Your order/)).toBeNull());
    expect(api.callsTo(listNotificationsRoute)[3]?.headers.get('Accept-Language')).toBe('de');
  });

  it('asks nothing again when the language chosen is the one on show', async () => {
    const api = server();
    await renderInLanguage(
      <>
        <LanguagePicker />
        <MessageScreen />
      </>,
      { path: '/message', queryClient: createQueryClient() },
    );
    const list = await screen.findByRole('list', { name: 'Your messages' });
    expect(await within(list).findByText('Your order has been paid. #100')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(screen.queryByRole('menuitemradio')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(listNotificationsRoute)).toHaveLength(1);
  });
});
