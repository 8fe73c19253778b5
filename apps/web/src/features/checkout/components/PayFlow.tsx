import { isSettledCheckout } from '@account-centre/contract';
import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { userDataKey } from '../../../lib/user/current-user';
import { useCloseCheckout } from '../api/close-checkout';
import type { Checkout } from '../api/create-checkout';
import { useCheckoutWatch } from '../hooks/use-checkout-watch';
import { Outcome, type OutcomeDestination } from './Outcome';
import { PayStep } from './PayStep';

interface PayFlowProps {
  userId: number;
  /** The checkout just opened. */
  checkout: Checkout;
  /** What a checkout of this purchase is for, in words (its order, its outcome). */
  describe: (checkout: Checkout) => string;
  /** Where what was bought shows, when not the screen its kind has (see Outcome). */
  destination?: OutcomeDestination;
  onBack: () => void;
  /** Told once the payment has settled (paid, closed, refunded). */
  onSettled: () => void;
  onRestart: () => void;
  restarting: boolean;
  restartFailure: unknown;
}

/**
 * Paying an opened checkout, then its outcome. The line under the heading is a live region: the
 * payment's progress and outcome are read out as they arrive, wherever focus is.
 */
export function PayFlow({
  userId,
  checkout: opened,
  describe,
  destination,
  onBack,
  onSettled,
  ...restart
}: PayFlowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { checkout, listening, listenAgain, learn } = useCheckoutWatch(userId, opened);
  const close = useCloseCheckout(userId);
  const state = checkout.state;
  const settled = isSettledCheckout(state);

  // What was bought shows on other screens (orders, licences, points, credit), and a coupon a
  // closed one took is held again: they read it again.
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: userDataKey(userId) });
  }, [settled, queryClient, userId]);
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);

  // The Pay button that led here is gone: focus goes to the step's heading, where reading resumes.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const cancel = () =>
    close.mutate(checkout.out_trade_no, {
      // Paid meanwhile: the answer is that outcome, shown rather than thrown away.
      onSuccess: (answer) => (answer.state === 'closed' ? onBack() : learn(answer)),
    });

  const item = describe(checkout);
  const status = settled
    ? t(`checkout:outcome.${state as Exclude<typeof state, 'created'>}.text`, { item })
    : listening === 'stopped'
      ? t('checkout:pay.notHeard')
      : t(checkout.method === 'bank' ? 'checkout:pay.waitingTransfer' : 'checkout:pay.waiting');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={1040}>
      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {settled ? t(`checkout:outcome.${state as Exclude<typeof state, 'created'>}.title`) : t('checkout:pay.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
          {!settled && listening !== 'stopped' && <Loader size="xs" aria-hidden />}
          <Text c={state === 'fulfilled' ? 'green' : state === 'closed' ? 'red' : undefined} fw={settled ? 500 : 400}>
            {status}
          </Text>
        </Group>
        {settled ? (
          <Outcome checkout={checkout} destination={destination} onBack={onBack} {...restart} />
        ) : (
          <PayStep
            checkout={checkout}
            name={item}
            listening={listening}
            onCheckAgain={listenAgain}
            onCancel={cancel}
            cancelling={close.isPending}
            cancelFailure={close.error}
          />
        )}
      </Stack>
    </Paper>
  );
}
