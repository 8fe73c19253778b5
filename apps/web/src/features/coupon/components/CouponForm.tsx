import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { COUPON_CODE_MAX_LENGTH, CouponErrors, isFailure, normaliseCouponCode } from '@account-centre/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '../../../components/CodeEntry';
import { showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';
import { useBindCoupon } from '../api/bind-coupon';

/** How long the success tip shows (spec 01 §9: 1500 ms). */
const SUCCESS_TIP_MS = 1500;

/**
 * The coupon code input with its confirm button (Enter submits): upper case as typed, at most 24
 * characters, empty input warned of without asking the server, one request at a time. While a
 * coupon is held the server answers `only one coupon`, and the replace prompt asks first
 * (spec 01 §4, §8); confirming sends the code again with `replace`.
 */
export function CouponForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const bind = useBindCoupon(userId);
  // A double click, a second Enter or a second yes in the replace prompt sends one request.
  const bindOnce = useMutateOnce(bind);

  const send = (replace: boolean) =>
    bindOnce(
      { code: normaliseCouponCode(code), replace },
      {
        onSuccess: () => {
          setAsking(false);
          setCode('');
          showToast(t('coupon:validCode'), 'success', SUCCESS_TIP_MS);
        },
        onError: (error) => {
          setAsking(false);
          if (!replace && isFailure(error, CouponErrors.held)) setAsking(true);
          else setProblem(errorText(t, error, { domains: [CouponErrors], fallback: 'coupon:errorCode' }));
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setProblem(t('coupon:needCode'));
      return;
    }
    setProblem(null);
    send(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={520}>
        <CodeEntry
          label={t('coupon:codeLabel')}
          value={code}
          onChange={(value) => setCode(value.toUpperCase())}
          maxLength={COUPON_CODE_MAX_LENGTH}
          submitLabel={t('coupon:submit')}
          busy={bind.isPending && !asking}
          problem={problem}
        />
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('coupon:replace.title')} centered>
        <Stack>
          <Text size="sm">{t('coupon:replace.prompt')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('coupon:replace.no')}
            </Button>
            <Button loading={bind.isPending} onClick={() => send(true)}>
              {t('coupon:replace.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
