import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { CopyIcon } from './icons';

const COPY_SUCCESS_MS = 1500;

/** Where the lookup of the launch's exchange code stands. */
export type ExchangeOutcome =
  | { kind: 'loading' }
  | { kind: 'found'; code: string }
  /** The server has no code of this form for the user (404 `no exchange code`). */
  | { kind: 'none' }
  /** The lookup failed; `canRetry` when asking again may help (not for a refused form name). */
  | { kind: 'failed'; canRetry: boolean };

function selectText(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  selection.selectAllChildren(element);
}

/**
 * Copies the code. The Clipboard API exists only in secure contexts and may be refused; the
 * older copy command then copies the selected code. If both fail, the code stays selected so
 * the reader can copy it by hand, and the toast says so.
 */
async function copyCode(code: string, element: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(code);
      return true;
    }
  } catch {
    // refused: fall back to the selection below
  }
  selectText(element);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * The exchange-code dialog (spec 01 §2 `form_name`, §8): "Your exchange code is:" with the code
 * large and copyable; "no exchange code available for you"; or "failed to get exchange code"
 * with a retry. Loaded with its texts (accountExchange) only when the address asks for a code.
 */
export function ExchangeCodeDialog({
  outcome,
  onRetry,
  onClose,
}: {
  outcome: ExchangeOutcome;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const codeElement = useRef<HTMLParagraphElement>(null);
  const title = outcome.kind === 'found' ? t('accountExchange:title') : t('accountExchange:heading');

  // Focus starts on the action the outcome invites: copy, retry, or else close.
  const closeFirst = outcome.kind === 'none' || (outcome.kind === 'failed' && !outcome.canRetry);
  const close = (
    <Button variant="default" onClick={onClose} data-autofocus={closeFirst || undefined}>
      {t('common:actions.close')}
    </Button>
  );

  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      {outcome.kind === 'loading' && (
        <Group gap="sm" wrap="nowrap" py="sm">
          <Loader size="sm" />
          <Text>{t('accountExchange:loading')}</Text>
        </Group>
      )}

      {outcome.kind === 'found' && (
        <Stack>
          <Paper withBorder radius="md" px="md" py="lg" bg="var(--mantine-color-default-hover)">
            <Text
              ref={codeElement}
              data-testid="exchange-code"
              ff="monospace"
              fz={{ base: 24, xs: 30 }}
              fw={700}
              ta="center"
              lh={1.3}
              // A long code breaks anywhere rather than overflow; one tap selects all of it.
              style={{ letterSpacing: '0.06em', overflowWrap: 'anywhere', userSelect: 'all' }}
            >
              {outcome.code}
            </Text>
          </Paper>
          <Group justify="flex-end" gap="sm">
            {close}
            <Button
              data-autofocus
              leftSection={<CopyIcon />}
              onClick={() =>
                void copyCode(outcome.code, codeElement.current).then((copied) =>
                  copied
                    ? showToast(t('account:toast.copySuccess'), 'success', COPY_SUCCESS_MS)
                    : showToast(t('accountExchange:copyFailed'), 'warning'),
                )
              }
            >
              {t('accountExchange:copy')}
            </Button>
          </Group>
        </Stack>
      )}

      {outcome.kind === 'none' && (
        <Stack>
          <Text>{t('accountExchange:none')}</Text>
          <Group justify="flex-end">{close}</Group>
        </Stack>
      )}

      {outcome.kind === 'failed' && (
        <Stack>
          <Alert color="red" variant="light">
            {t('accountExchange:failed')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            {close}
            {outcome.canRetry && (
              <Button data-autofocus onClick={onRetry}>
                {t('common:actions.retry')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
