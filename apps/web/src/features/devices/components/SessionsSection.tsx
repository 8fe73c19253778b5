import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/LoadFailed';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { formatDate } from '../../../lib/i18n';
import { useEndSession, useSignOutDevice } from '../api/end-session';
import { type Session, useSessions } from '../api/get-sessions';
import { clientLabel, deviceErrorText, locationLabel, productLabelKeys, tagLabelKeys } from '../labels';
import { useSessionEnded } from '../use-session-end';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';

type Pending = { kind: 'session'; session: Session } | { kind: 'device'; session: Session };

/** "Where am I signed in" (issue 6): the account's live sessions, each one sign-out-able. */
export function SessionsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const sessions = useSessions(userId);
  const endSession = useEndSession(userId);
  const signOutDevice = useSignOutDevice(userId);
  const sessionEnded = useSessionEnded();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, runOnce] = useSingleFlight();

  const confirm = () =>
    runOnce(async () => {
      if (!pending) return;
      try {
        if (pending.kind === 'session') {
          const result = await endSession.mutateAsync(pending.session.id);
          setPending(null);
          showToast(t('devices:sessions.signedOut'), 'success');
          if (result.current) sessionEnded({ desktop: 'signOut', view: 'password' });
        } else if (pending.session.device_id) {
          const result = await signOutDevice.mutateAsync(pending.session.device_id);
          setPending(null);
          showToast(t('devices:sessions.deviceSignedOut'), 'success');
          if (result.current) sessionEnded({ desktop: 'closeDialog', view: 'password' });
        }
      } catch (error) {
        showToast(deviceErrorText(error), 'error');
      }
    });

  const headingId = useId();
  let body;
  if (sessions.isPending) {
    body = (
      <Group justify="center" py="lg">
        <Loading />
      </Group>
    );
  } else if (sessions.isError) {
    body = <LoadFailed message={t('devices:sessions.loadError')} onRetry={() => void sessions.refetch()} />;
  } else {
    const { data, count } = sessions.data;
    body = (
      <Stack gap="xs">
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {data.map((session) => (
            <SessionRow key={session.id} session={session} onAsk={setPending} />
          ))}
        </Stack>
        {count > data.length && (
          <Text size="sm" c="dimmed">
            {t('devices:sessions.more', { shown: data.length, total: count })}
          </Text>
        )}
      </Stack>
    );
  }

  const who = pending ? (pending.session.device?.device_name ?? clientLabel(pending.session.client)) : '';
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={2} size="h4" id={headingId}>
          {t('devices:sessions.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('devices:sessions.intro')}
        </Text>
      </div>
      {body}
      <ConfirmDialog
        opened={pending !== null}
        danger
        title={t(pending?.kind === 'device' ? 'devices:sessions.signOutDeviceTitle' : 'devices:sessions.signOutTitle')}
        confirmLabel={t(pending?.kind === 'device' ? 'devices:sessions.signOutDevice' : 'devices:sessions.signOut')}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'device'
          ? t('devices:sessions.signOutDeviceBody', { name: who })
          : t('devices:sessions.signOutBody', { client: who })}
      </ConfirmDialog>
    </Stack>
  );
}

function SessionRow({ session, onAsk }: { session: Session; onAsk: (pending: Pending) => void }) {
  const { t } = useTranslation();
  const client = clientLabel(session.client);
  const products = session.device?.products.map((product) => t(productLabelKeys[product])).join(', ');
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={client}>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {client}
            </Text>
            {session.current && (
              <Badge color="green" radius="sm" tt="none">
                {t('devices:sessions.current')}
              </Badge>
            )}
            {session.device && (
              <Badge variant="outline" radius="sm" tt="none">
                {t(tagLabelKeys[session.device.tag])}
              </Badge>
            )}
          </Group>
          {session.device && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {products ? `${session.device.device_name} · ${products}` : session.device.device_name}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {[
              locationLabel(session.location),
              t('devices:sessions.lastActive', { date: formatDate(session.last_active_at, 'dateTime') }),
              t('devices:sessions.signedIn', { date: formatDate(session.signed_in_at, 'dateTime') }),
            ].join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            onClick={() => onAsk({ kind: 'session', session })}
            aria-label={`${t('devices:sessions.signOut')} ${client}`}
          >
            {t('devices:sessions.signOut')}
          </Button>
          {session.device_id && (
            <Button
              variant="light"
              color="red"
              size="xs"
              onClick={() => onAsk({ kind: 'device', session })}
              aria-label={`${t('devices:sessions.signOutDevice')} ${session.device?.device_name ?? client}`}
            >
              {t('devices:sessions.signOutDevice')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
