import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../components/ExternalButton';
import { errorText } from '../../../lib/api';
import { formatRemaining, useCountdown } from '../../../lib/hooks/use-countdown';
import { formatCurrency, useLanguage } from '../../../lib/i18n';
import type { Checkout } from '../api/create-checkout';
import type { Listening } from '../api/watch-checkout';
import { checkoutErrors } from '../errors';
import { sanitiseQrSvg } from '../qr-svg';
import { BankDetails } from './BankDetails';
import { PriceBreakdown } from './PriceBreakdown';

const QR_SIZE = 216;

interface PayStepProps {
  checkout: Checkout;
  /** What the payment is for, in words. */
  name: string;
  listening: Listening;
  onCheckAgain: () => void;
  onCancel: () => void;
  cancelling: boolean;
  cancelFailure: unknown;
}

/** Time left before an unpaid QR or card payment closes; counted from the checkout's own end. */
function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const [remaining] = useCountdown(expiresAt * 1000);
  return (
    <Text size="sm" c="dimmed">
      {t('checkout:pay.timeLeft', { time: formatRemaining(remaining) })}
    </Text>
  );
}

/** How this checkout is paid: the QR code to scan, the card page, or the transfer to make. */
function PayInstrument({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const amount = formatCurrency(checkout.amount, language, checkout.currency);
  if (checkout.method === 'bank') return checkout.bank && <BankDetails checkout={checkout} bank={checkout.bank} />;
  if (checkout.method === 'card') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('checkout:pay.card', { amount })}</Text>
        {checkout.pay_url && (
          // The provider's page, not ours: it gets no sign-in ticket.
          <ExternalButton href={checkout.pay_url} signedIn={false}>
            {t('checkout:pay.payByCard')}
          </ExternalButton>
        )}
        <TimeLeft expiresAt={checkout.expires_at} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      {checkout.qr_svg && (
        <Box
          role="img"
          aria-label={t('checkout:pay.qr', { amount, method: t(`checkout:method.${checkout.method}`) })}
          w={QR_SIZE}
          h={QR_SIZE}
          p={4}
          bd="1px solid var(--mantine-color-gray-3)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          dangerouslySetInnerHTML={{ __html: sanitiseQrSvg(checkout.qr_svg) }}
        />
      )}
      <Text size="sm">{t(`checkout:pay.scan.${checkout.method}`, { amount })}</Text>
      {checkout.pay_url && (
        <ExternalButton href={checkout.pay_url} signedIn={false} variant="light" size="sm">
          {t('checkout:pay.openPage')}
        </ExternalButton>
      )}
      <TimeLeft expiresAt={checkout.expires_at} />
    </Stack>
  );
}

/** An opened payment waiting to be paid: how to pay it, what it is for, and the way back. */
export function PayStep({
  checkout,
  name,
  listening,
  onCheckAgain,
  onCancel,
  cancelling,
  cancelFailure,
}: PayStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <PayInstrument checkout={checkout} />
        <Stack gap="sm">
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {t('checkout:pay.order', { number: checkout.out_trade_no })}
          </Text>
          <PriceBreakdown
            unitPrice={checkout.list_amount / checkout.quantity}
            quantity={checkout.quantity}
            currency={checkout.currency}
            discount={checkout.discount}
          />
        </Stack>
      </SimpleGrid>
      <Group gap="sm">
        {listening === 'stopped' && <Button onClick={onCheckAgain}>{t('checkout:pay.checkAgain')}</Button>}
        <Button variant="default" onClick={onCancel} loading={cancelling}>
          {t('checkout:pay.cancel')}
        </Button>
      </Group>
      {cancelFailure !== null && cancelFailure !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(t, cancelFailure, checkoutErrors)}
        </Text>
      )}
    </Stack>
  );
}
