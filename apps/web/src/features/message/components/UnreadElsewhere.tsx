import { NOTIFICATION_PAGE_SIZE } from '@account-centre/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type UnreadMessages, unreadMessagesQueryKey, useUnreadMessages } from '../../../lib/user/unread-messages';

/** The page (from 1) of the message at an offset of the list. */
export const pageOfOffset = (offset: number) => Math.floor(offset / NOTIFICATION_PAGE_SIZE) + 1;

/**
 * The page the screen opens on: the one holding the newest unread message, when the menu's
 * indicator has already said where it is, so a visit reads it at once (spec 01 §4: read once
 * fetched); else the first.
 */
export function useOpeningPage(userId: number): () => number {
  const queryClient = useQueryClient();
  return () => {
    const unread = queryClient.getQueryData<UnreadMessages>(unreadMessagesQueryKey(userId));
    return unread?.first_offset == null ? 1 : pageOfOffset(unread.first_offset);
  };
}

/**
 * Says how many messages are unread and on which page the newest of them waits, with a button
 * to go there, when it is not the page on show. The unread ones of the page on show are being
 * marked read, and the indicator asked again, so the line follows as each page is read.
 */
export function UnreadElsewhere({
  page,
  turning,
  onShow,
}: {
  page: number;
  /** The next page is loading: the line waits for it. */
  turning: boolean;
  onShow: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { count, first_offset: firstOffset } = useUnreadMessages();
  const where = firstOffset === null ? null : pageOfOffset(firstOffset);
  const shown = count > 0 && where !== null && where !== page && !turning;
  return (
    // Always there, so a screen reader announces the line when it appears.
    <div role="status">
      {shown && (
        <Paper withBorder radius="md" px="md" py="xs">
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm">{t('message:unread.elsewhere', { count, page: where })}</Text>
            <Button size="xs" variant="light" onClick={() => onShow(where)}>
              {t('message:unread.show', { page: where })}
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
