import { Box, Button, CopyButton, Group, Loader, Modal, Overlay, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserInfo, currentUserQueryOptions } from '../../../lib/user/current-user';
import { showErrorToast, showToast } from '../../../components/toast';
import { formatRemaining, useCountdown } from '../../../lib/hooks/use-countdown';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { type BindLink, createBindLink } from '../api/create-bind-link';
import { bindLinkStateQueryOptions } from '../api/get-bind-link-state';
import { Loading } from '../../../components/Loading';

const QR_SIZE = 216;

/**
 * The SVG of a QR code as an image address. An `<img>` never runs what an SVG might contain,
 * so the server's markup is shown without being put into the page.
 */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Binding a phone from a computer (spec 01 §2 "asks the user to scan a QR code";
 * docs/decisions/009): shows the QR code of a one-time link and the link itself, counts down
 * its 10 minutes (then offers a new code), and asks every 2 s whether the phone has been bound;
 * when it has, the account's information is reloaded and the dialog closes.
 */
export function PhoneQrModal({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<BindLink | null>(null);
  const [remaining, startCountdown] = useCountdown();
  const [creating, run] = useSingleFlight();

  const renew = useCallback(
    () =>
      run(async () => {
        try {
          const created = await createBindLink(user.user_id);
          setLink(created);
          startCountdown(created.expires_in);
        } catch (error) {
          showErrorToast(error);
        }
      }),
    [run, startCountdown, user.user_id],
  );

  // One link per opening (a ref, not the effect's cleanup: a second link would replace the first).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void renew();
  }, [renew]);

  const waiting = link !== null && remaining > 0;
  const polled = useQuery({ ...bindLinkStateQueryOptions(user.user_id), enabled: waiting }).data;
  // An answer about an earlier link (before "new code") says nothing about this one.
  const state = link && polled?.expires_at === link.expires_at ? polled.state : null;
  const expired = link !== null && (remaining === 0 || state === 'expired');

  const finished = useRef(false);
  useEffect(() => {
    if (state !== 'bound' || finished.current) return;
    finished.current = true;
    // The phone is bound whatever this reload says; it only brings the new number to the screen.
    void queryClient
      .fetchQuery({ ...currentUserQueryOptions(user.user_id), staleTime: 0 })
      .catch(() => undefined)
      .then(() => {
        showToast(t('accountPhone:qr.bound'), 'success');
        onClose();
      });
  }, [state, queryClient, user.user_id, t, onClose]);

  return (
    <Modal opened onClose={onClose} title={t('accountPhone:qr.title')} centered size="md">
      <Stack align="center" gap="sm">
        <Text size="sm" ta="center">
          {t('accountPhone:qr.instructions')}
        </Text>
        <Box pos="relative" w={QR_SIZE} h={QR_SIZE} data-testid="phone-qr">
          {link ? (
            <img
              src={svgImageSource(link.qr_svg)}
              alt={t('accountPhone:qr.imageAlt')}
              width={QR_SIZE}
              height={QR_SIZE}
              style={{ display: 'block', opacity: expired ? 0.15 : 1 }}
            />
          ) : (
            <Stack h="100%" align="center" justify="center">
              <Loading label={t('accountPhone:qr.creating')} size="md" />
            </Stack>
          )}
          {expired && (
            <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.6} center radius="sm">
              <Stack align="center" gap="xs" p="sm">
                <Text size="sm" fw={500} ta="center">
                  {t('accountPhone:qr.expired')}
                </Text>
                <Button size="xs" onClick={() => void renew()} loading={creating}>
                  {t('accountPhone:qr.renew')}
                </Button>
              </Stack>
            </Overlay>
          )}
        </Box>
        {waiting && !expired && (
          <Group gap={6} role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('accountPhone:qr.waiting', { time: formatRemaining(remaining) })}
            </Text>
          </Group>
        )}
        {link && !expired && (
          <Group gap="xs" w="100%" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('accountPhone:qr.link')}
              value={link.url}
              readOnly
              flex={1}
              miw={0}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copy }) => (
                <Button
                  variant="light"
                  onClick={() => {
                    copy();
                    showToast(t('account:toast.copySuccess'), 'success', 1500);
                  }}
                >
                  {t('accountPhone:qr.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
