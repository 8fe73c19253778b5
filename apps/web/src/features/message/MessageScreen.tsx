import { NOTIFICATION_PAGE_SIZE } from '@account-centre/contract';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../components/PagedSection';
import { UserScreen } from '../../components/ScreenLayout';
import { formatDate, useLanguage } from '../../lib/i18n';
import { usePagedQuery } from '../../lib/api';
import { type Message, messagePageOptions } from './api/get-messages';
import { useMarkRead } from './api/mark-messages-read';
import { MessageContent } from './components/MessageContent';
import { UnreadElsewhere, useOpeningPage } from './components/UnreadElsewhere';

/**
 * /message (spec 01 §2 "Messages screen", §4 "Notifications"): the account's messages, newest
 * first, ten a page with a per-page cache, system messages told apart from other notices. The
 * unread ones of a page are marked read as soon as the page has arrived, and the unread
 * indicator is asked again; they keep their "new" mark while the page is on show. It opens on the
 * page of the newest unread message, and says where the others wait (UnreadElsewhere).
 */
export function MessageScreen() {
  return <UserScreen screen="message">{(userId) => <Messages userId={userId} />}</UserScreen>;
}

function Messages({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(useOpeningPage(userId));
  const messages = usePagedQuery(messagePageOptions(userId, page));
  const markRead = useMarkRead(userId);
  const listId = useId();
  // Ids this visit has already sent, so a page seen again (from the cache) is not sent twice.
  const sent = useRef(new Set<number>());

  const shown = messages.isPlaceholderData ? undefined : messages.data;
  const { mutate } = markRead;
  useEffect(() => {
    const unread = (shown?.notify ?? []).filter((message) => !message.is_read && !sent.current.has(message.id));
    if (unread.length === 0) return;
    for (const message of unread) sent.current.add(message.id);
    mutate(unread.map((message) => message.id));
  }, [shown, mutate]);

  return (
    <PagedSection
      query={messages}
      count={(data) => data.count}
      empty={t('message:list.empty')}
      loadFailed={t('message:list.loadFailed')}
      paging={{ page, pageSize: NOTIFICATION_PAGE_SIZE, onPage: setPage, label: t('message:list.pages') }}
      before={
        <>
          <UnreadElsewhere page={page} turning={messages.isPlaceholderData} onShow={setPage} />
          <Text id={listId} size="sm" c="dimmed">
            {t('message:list.label')}
          </Text>
        </>
      }
    >
      {(data) => (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={listId}>
          {data.notify.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </PagedSection>
  );
}

function MessageCard({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const system = message.type === 'system';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      // A coloured edge tells system messages apart; other notices keep a grey one, so every
      // card's text starts at the same place.
      style={{ borderInlineStart: `4px solid var(--mantine-color-${system ? 'blue-7' : 'gray-3'})` }}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge variant="light" color={system ? 'blue' : 'gray'} size="sm">
              {t(`message:types.${message.type}`)}
            </Badge>
            {!message.is_read && (
              <Badge variant="filled" color="red" size="sm">
                {t('message:list.new')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(message.created_at, 'dateTime', language)}
          </Text>
        </Group>
        <MessageContent html={message.content} />
      </Stack>
    </Paper>
  );
}
