import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unreadNotificationsRoute } from '@account-centre/contract';
import { stubApi } from '../../testing/api';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { UnreadMark } from './UnreadMark';

signedInForEachTest(7);

describe('the unread mark of the menu', () => {
  it('says how many, in words for screen readers', async () => {
    stubApi().answer(unreadNotificationsRoute, { data: { unread: true, count: 3, first_offset: 0 } });
    await renderInLanguage(<UnreadMark />, { language: 'ru' });
    const mark = await screen.findByTestId('unread-mark');
    // The number for the eye, the sentence for a screen reader.
    expect(within(mark).getByText('3').getAttribute('aria-hidden')).toBe('true');
    expect(within(mark).getByText('3 непрочитанных сообщения')).toBeTruthy();
  });

  it('shows 99+ past 99, and nothing when all are read', async () => {
    stubApi().answer(unreadNotificationsRoute, { data: { unread: true, count: 120, first_offset: 3 } });
    const { unmount } = await renderInLanguage(<UnreadMark />);
    expect(within(await screen.findByTestId('unread-mark')).getByText('99+')).toBeTruthy();
    expect(screen.getByText('120 unread messages')).toBeTruthy();
    unmount();
    stubApi().answer(unreadNotificationsRoute, { data: { unread: false, count: 0, first_offset: null } });
    await renderInLanguage(<UnreadMark />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('unread-mark')).toBeNull();
  });
});
