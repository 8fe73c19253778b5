import { SegmentedControl, Stack, Text } from '@mantine/core';
import { CodeErrors, GiftCodeErrors, REDEEM_CODE_INPUT_MAX_LENGTH } from '@account-centre/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '../../../components/CodeEntry';
import { showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';
import { host } from '../../../lib/host-bridge/host-bridge';
import { type CodeCall, type Redemption, useRedeemCode } from '../api/redeem-code';

/** How long the success tip shows (spec 01 §9: 1500 ms). */
const SUCCESS_TIP_MS = 1500;

/**
 * One code input with its confirm button (Enter submits), for the calls `calls` offers: a choice
 * between licence key and gift code where both are offered. Empty input warns (needCode,
 * needGift); a request in flight blocks another; each answer shows its spec 01 §8 text.
 */
export function RedeemForm({
  userId,
  calls,
  licenceLabel,
  onRedeemed,
}: {
  userId: number;
  calls: readonly CodeCall[];
  /** The licence key's name in this build: licence key, or project code. */
  licenceLabel: string;
  onRedeemed: (redemption: Redemption) => void;
}) {
  const { t } = useTranslation();
  const [call, setCall] = useState<CodeCall>(calls[0] ?? 'gift');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const redeem = useRedeemCode(userId);
  // A double click or a second Enter sends one request (useMutateOnce).
  const redeemOnce = useMutateOnce(redeem);
  const kindLabelId = useId();
  const fieldLabel = call === 'licence' ? licenceLabel : t('bind:kinds.gift');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setProblem(call === 'licence' ? t('bind:needCode') : t('bind:needGift'));
      return;
    }
    setProblem(null);
    redeemOnce(
      { call, code },
      {
        onSuccess: (redemption) => {
          // A gift code may be redeemed in the licence key box too: the tip says what the code was.
          const tip = redemption.kind === 'gift' ? t('bind:success.gift') : t('bind:success.licence');
          showToast(tip, 'success', SUCCESS_TIP_MS);
          host.bindSuccess({ kind: redemption.kind, ...(redemption.product ? { product: redemption.product } : {}) });
          setCode('');
          onRedeemed(redemption);
        },
        // Spec 01 §8: a gift code's failures other than the usage limit read as an invalid gift code.
        onError: (error) =>
          setProblem(
            call === 'licence'
              ? errorText(t, error, { domains: [CodeErrors], fallback: 'bind:warnCode' })
              : errorText(t, error, { domains: [GiftCodeErrors], fallback: 'bind:warnGift' }),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={520}>
        {calls.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={kindLabelId}>
              {t('bind:kinds.label')}
            </Text>
            <SegmentedControl
              aria-labelledby={kindLabelId}
              value={call}
              onChange={(value) => {
                setCall(value as CodeCall);
                setProblem(null);
              }}
              data={calls.map((value) => ({
                value,
                label: value === 'licence' ? licenceLabel : t('bind:kinds.gift'),
              }))}
            />
          </Stack>
        )}
        <CodeEntry
          label={fieldLabel}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          value={code}
          onChange={setCode}
          maxLength={REDEEM_CODE_INPUT_MAX_LENGTH}
          submitLabel={t('bind:submit')}
          busy={redeem.isPending}
          problem={problem}
        />
      </Stack>
    </form>
  );
}
