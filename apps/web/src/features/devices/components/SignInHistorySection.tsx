import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { PagedSection } from '../../../components/PagedSection';
import { SIGN_IN_HISTORY_PAGE_SIZE } from '@account-centre/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { formatDate } from '../../../lib/i18n';
import { usePagedQuery } from '../../../lib/api';
import { FIRST_HISTORY_PAGE, type SignInEvent, signInHistoryOptions } from '../api/get-sign-in-history';
import { useNotMe } from '../api/not-me';
import { clientLabel, deviceErrorText, locationLabel, methodLabel } from '../labels';
import { useSessionEnded } from '../use-session-end';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * The account's sign-in attempts, paged, with "this wasn't me": it ends every session, unbinds
 * every device and withdraws the password on the server (docs/decisions/004), then this page
 * signs out and opens forgot password, the way to a new password.
 */
export function SignInHistorySection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(FIRST_HISTORY_PAGE);
  const history = usePagedQuery(signInHistoryOptions(userId, page));
  const notMe = useNotMe(userId);
  const sessionEnded = useSessionEnded();
  // undefined: no question open; null: the account as a whole; a number: one sign-in disowned.
  const [disowned, setDisowned] = useState<number | null | undefined>(undefined);
  const [busy, runOnce] = useSingleFlight();
  const headingId = useId();

  const confirm = () =>
    runOnce(async () => {
      if (disowned === undefined) return;
      try {
        await notMe.mutateAsync(disowned ?? undefined);
        setDisowned(undefined);
        showToast(t('devices:notMe.done'), 'success');
        sessionEnded({ desktop: 'signOut', view: 'forgot' });
      } catch (error) {
        showToast(deviceErrorText(error), 'error');
      }
    });

  return (
    <>
      <PagedSection
        query={history}
        count={(data) => data.count}
        empty={t('devices:history.empty')}
        loadFailed={t('devices:history.loadError')}
        paging={{ page, pageSize: SIGN_IN_HISTORY_PAGE_SIZE, onPage: setPage, label: t('devices:history.pages') }}
        headingId={headingId}
        header={
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ flex: '1 1 16rem' }}>
              <Title order={2} size="h4" id={headingId}>
                {t('devices:history.heading')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('devices:history.intro')}
              </Text>
            </div>
            <Button variant="light" color="red" size="sm" onClick={() => setDisowned(null)}>
              {t('devices:notMe.action')}
            </Button>
          </Group>
        }
      >
        {(data) => (
          <>
            {/* A table where it has room; on narrow screens each attempt is a card, so nothing scrolls sideways. */}
            <Table.ScrollContainer minWidth={720} visibleFrom="sm">
              <Table striped verticalSpacing="sm" aria-labelledby={headingId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('devices:history.time')}</Table.Th>
                    <Table.Th>{t('devices:history.result')}</Table.Th>
                    <Table.Th>{t('devices:history.method')}</Table.Th>
                    <Table.Th>{t('devices:history.client')}</Table.Th>
                    <Table.Th>{t('devices:history.location')}</Table.Th>
                    {/* The column of "this wasn't me": named for screen readers, no visible heading. */}
                    <Table.Th>
                      <VisuallyHidden>{t('devices:history.action')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((event) => (
                    <HistoryRow key={event.id} event={event} onDisown={setDisowned} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack
              gap="xs"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              hiddenFrom="sm"
              aria-labelledby={headingId}
            >
              {data.data.map((event) => (
                <HistoryCard key={event.id} event={event} onDisown={setDisowned} />
              ))}
            </Stack>
          </>
        )}
      </PagedSection>
      <ConfirmDialog
        opened={disowned !== undefined}
        danger
        title={t('devices:notMe.title')}
        confirmLabel={t('devices:notMe.confirm')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setDisowned(undefined)}
      >
        {t('devices:notMe.body')}
      </ConfirmDialog>
    </>
  );
}

function HistoryCard({ event, onDisown }: { event: SignInEvent; onDisown: (id: number) => void }) {
  const { t } = useTranslation();
  const succeeded = event.result === 'success';
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {formatDate(event.at, 'dateTime')}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`${methodLabel(event.method)} · ${clientLabel(event.client)}`}
          </Text>
          <Text size="sm" c="dimmed">
            {locationLabel(event.location)}
          </Text>
        </Stack>
        <Badge color={succeeded ? 'green' : 'red'} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {t(succeeded ? 'devices:history.success' : 'devices:history.failure')}
        </Badge>
      </Group>
      {succeeded && (
        <Button variant="subtle" color="red" size="compact-xs" mt={4} px={0} onClick={() => onDisown(event.id)}>
          {t('devices:notMe.action')}
        </Button>
      )}
    </Paper>
  );
}

function HistoryRow({ event, onDisown }: { event: SignInEvent; onDisown: (id: number) => void }) {
  const { t } = useTranslation();
  const succeeded = event.result === 'success';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(event.at, 'dateTime')}</Table.Td>
      <Table.Td>
        <Badge color={succeeded ? 'green' : 'red'} variant="light" radius="sm" tt="none">
          {t(succeeded ? 'devices:history.success' : 'devices:history.failure')}
        </Badge>
      </Table.Td>
      <Table.Td>{methodLabel(event.method)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{clientLabel(event.client)}</Table.Td>
      <Table.Td>{locationLabel(event.location)}</Table.Td>
      <Table.Td ta="end">
        {succeeded && (
          <Button variant="subtle" color="red" size="compact-xs" onClick={() => onDisown(event.id)}>
            {t('devices:notMe.action')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
