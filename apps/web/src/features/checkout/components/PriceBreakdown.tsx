import type { Currency } from '@account-centre/contract';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber, useLanguage } from '../../../lib/i18n';

interface PriceBreakdownProps {
  unitPrice: number;
  quantity: number;
  currency: Currency;
  /** Taken off by the server (a coupon); 0 before a checkout has priced it. */
  discount?: number;
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Unit price × quantity, the discount when there is one, and the total. */
export function PriceBreakdown({ unitPrice, quantity, currency, discount = 0 }: PriceBreakdownProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const money = (minor: number) => formatCurrency(minor, language, currency);
  const list = unitPrice * quantity;
  return (
    <Stack gap={6}>
      <Line
        label={t('checkout:summary.unitTimesQuantity', {
          price: money(unitPrice),
          quantity: formatNumber(quantity, language),
        })}
        value={money(list)}
      />
      {discount > 0 && <Line label={t('checkout:summary.discount')} value={`−${money(discount)}`} />}
      <Divider />
      <Line label={t('checkout:summary.total')} value={money(list - discount)} strong />
    </Stack>
  );
}
