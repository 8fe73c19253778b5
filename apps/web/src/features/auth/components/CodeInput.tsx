import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AccountErrorCode,
  type AccountKind,
  VerificationLimits,
  type VerificationPurposeCode,
} from '@account-centre/contract';
import { ApiError } from '../../../lib/api';
import { useSendCode } from '../api/send-code';
import { useCountdown } from '../../../lib/hooks/use-countdown';

interface CodeInputProps extends Omit<TextInputProps, 'onError'> {
  purpose: VerificationPurposeCode;
  /**
   * Checks the account field before a code is sent: the account and its kind when it is
   * valid, null after marking the account field as invalid.
   */
  resolveAccount: () => { account: string; kind: AccountKind } | null;
  /** A code is on its way to `target`, usable for `validForSeconds`. */
  onSent: (target: { account: string; kind: AccountKind }, validForSeconds: number) => void;
  onError: (error: unknown) => void;
}

function retryAfter(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== AccountErrorCode.tooFrequent) return null;
  const data = error.data as { retry_after?: unknown; resend_after?: unknown } | undefined;
  const seconds = Number(data?.retry_after ?? data?.resend_after);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * The 6-digit code field with its send button. After a send the button counts down until the
 * service accepts another one (60 s, or what the service answers), so it cannot be hammered.
 */
export function CodeInput({ purpose, resolveAccount, onSent, onError, ...props }: CodeInputProps) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const [remaining, startCountdown] = useCountdown();

  const send = () => {
    if (sendCode.isPending || remaining > 0) return;
    const target = resolveAccount();
    if (!target) return;
    sendCode.mutate(
      { purpose, ...target },
      {
        onSuccess: (data) => {
          startCountdown(data.resend_after > 0 ? data.resend_after : VerificationLimits.resendAfterSeconds);
          onSent(target, data.expires_in);
        },
        onError: (error) => {
          const wait = retryAfter(error);
          if (wait) startCountdown(wait);
          onError(error);
        },
      },
    );
  };

  return (
    <TextInput
      label={t('auth:fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VerificationLimits.digits}
      required
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
          <Button
            variant="light"
            onClick={send}
            loading={sendCode.isPending}
            disabled={remaining > 0}
            style={{ flexShrink: 0 }}
          >
            {remaining > 0 ? t('auth:code.resendIn', { seconds: remaining }) : t('auth:code.send')}
          </Button>
        </Group>
      )}
      {...props}
    />
  );
}
