import type { PaymentMethod } from '@account-centre/contract';
import { Button, Checkbox, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorTextOptions, errorText } from '../../../lib/api';
import { formatCurrency, useLanguage } from '../../../lib/i18n';
import type { CheckoutCatalogue } from '../api/get-catalogue';
import { PriceBreakdown } from './PriceBreakdown';

/** What is paid, once chosen: the breakdown's lines and the amount charged. */
export interface SummaryPrice {
  unitPrice: number;
  quantity: number;
  discount: number;
  amount: number;
  currency: CheckoutCatalogue['currency'];
}

export interface OrderSummaryProps {
  /** What is bought, in words; nothing until it is chosen. */
  name: string | null;
  /** What the purchase does to what the buyer holds, said before payment (a plan's, PlanNotice). */
  notice?: ReactNode;
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  /** The held coupon's description, when it applies to what is chosen. */
  coupon: string | null;
  useCoupon: boolean;
  onUseCoupon: (use: boolean) => void;
  /** Null until something payable is chosen: no breakdown, and Pay says so. */
  price: SummaryPrice | null;
  /** Pay's text while nothing payable is chosen. */
  nothingToPay?: string;
  onPay: () => void;
  paying: boolean;
  /** Why the last Pay did not open a payment, and the error domains that word it. */
  failure: unknown;
  errors: ErrorTextOptions;
}

/**
 * The purchase screen's order panel, the same for a plan and for a company's time or seats: what
 * is bought, the payment method, the held coupon, the price breakdown, Pay, and why the last Pay
 * failed.
 */
export function OrderSummary(props: OrderSummaryProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const headingId = useId();
  const { price } = props;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {t('checkout:summary.title')}
        </Title>
        {props.name && <Text fw={500}>{props.name}</Text>}
        {props.notice}
        <Radio.Group
          label={t('checkout:method.label')}
          value={props.method}
          onChange={(method) => props.onMethod(method as PaymentMethod)}
        >
          <Stack gap="xs" mt={6}>
            {props.methods.map((method) => (
              <Radio key={method} value={method} label={t(`checkout:method.${method}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {props.coupon !== null && (
          <Checkbox
            label={t('checkout:coupon.use', { coupon: props.coupon })}
            description={t('checkout:coupon.description')}
            checked={props.useCoupon}
            onChange={(event) => props.onUseCoupon(event.currentTarget.checked)}
          />
        )}
        {price && (
          <PriceBreakdown
            unitPrice={price.unitPrice}
            quantity={price.quantity}
            currency={price.currency}
            discount={price.discount}
          />
        )}
        <Button size="md" fullWidth loading={props.paying} disabled={!price} onClick={props.onPay}>
          {price
            ? t('checkout:summary.pay', { amount: formatCurrency(price.amount, language, price.currency) })
            : props.nothingToPay}
        </Button>
        {props.failure !== null && props.failure !== undefined && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(t, props.failure, props.errors)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
