import { Button, Group, Text, TextInput } from '@mantine/core';
import { type VerificationPurposeCode, VerificationPurpose, maskEmail, maskPhone } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { type CodeTarget, sendCode } from '../api/send-code';
import { useCountdown } from '../../../lib/hooks/use-countdown';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';

function retryAfterOf(data: unknown): number | null {
  const value = data && typeof data === 'object' ? (data as { retry_after?: unknown }).retry_after : null;
  return typeof value === 'number' && value > 0 ? value : null;
}

/**
 * A verification-code input with its send button and the resend countdown (60 s, or what the
 * server says is left). `target` is null while the address is not yet valid: nothing is sent.
 */
export function CodeField({
  label,
  purpose,
  target,
  value,
  onChange,
  error,
  onInvalidTarget,
}: {
  label: string;
  purpose: VerificationPurposeCode;
  target: CodeTarget | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Called instead of sending when there is no valid address to send to. */
  onInvalidTarget?: () => void;
}) {
  const { t } = useTranslation();
  const [remaining, startCountdown] = useCountdown();
  const [sending, run] = useSingleFlight();

  const send = () =>
    run(async () => {
      if (!target) {
        onInvalidTarget?.();
        return;
      }
      try {
        const answer = await sendCode(purpose, target);
        startCountdown(answer.resend_after);
        showToast(t('account:password.codeSent'), 'success');
      } catch (failure) {
        // Sent too recently (or too often today): count down to when the server accepts again.
        const retryAfter = failure instanceof ApiError ? retryAfterOf(failure.data) : null;
        if (retryAfter) startCountdown(retryAfter);
        showErrorToast(failure);
      }
    });

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.trim())}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        flex={1}
        miw={0}
      />
      <Button variant="light" onClick={() => void send()} loading={sending} disabled={remaining > 0} mt={25}>
        {remaining > 0 ? t('account:password.resendIn', { seconds: remaining }) : t('account:password.sendCode')}
      </Button>
    </Group>
  );
}

export const CODE_PATTERN = /^\d{6}$/;

/** An address as the account screen shows it: partly hidden. */
export const maskedAddress = ({ kind, address }: CodeTarget) =>
  kind === 'email' ? maskEmail(address) : maskPhone(address);

/**
 * The e-mail or phone bound now, partly hidden, and a code sent to it (purpose 3): what proves
 * the account before that address is replaced or removed.
 */
export function CurrentAddressCode({
  current,
  value,
  onChange,
  invalid,
}: {
  current: CodeTarget;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">{t('account:contact.current', { address: maskedAddress(current) })}</Text>
      <CodeField
        label={t('account:contact.oldCode')}
        purpose={VerificationPurpose.oldCheck}
        target={current}
        value={value}
        onChange={onChange}
        error={invalid ? t('account:password.codeFormat') : undefined}
      />
    </>
  );
}
