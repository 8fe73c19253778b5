import { isCompanyExpired } from '@account-centre/contract';
import { Grid, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import type { CheckoutCatalogue } from '../api/get-catalogue';
import type { Company, CompanyPrices } from '../api/get-company';
import type { CompanyPaymentRequest } from '../api/pay-company';
import {
  type CompanyChange,
  type CompanySelection,
  companyCheckoutErrors,
  companyCoupon,
  companyEndAfter,
  companyLine,
  companyPaymentRequest,
  companyPrice,
  seatsOf,
  termPlan,
} from '../company';
import { OrderSummary } from './OrderSummary';

interface CompanyChoiceProps {
  company: Company;
  change: CompanyChange;
  prices: CompanyPrices;
  catalogue: CheckoutCatalogue;
  now: number;
  selection: CompanySelection;
  onChange: (selection: CompanySelection) => void;
  onPay: (request: CompanyPaymentRequest) => void;
  paying: boolean;
  /** Why the last Pay did not open a payment. */
  failure: unknown;
}

function Fact({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} c={alert ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** Spec 02 §2 "Order info tab": the company's name, seats used of all, and its end or lifelong. */
function CompanySummary({ company, now }: { company: Company; now: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const headingId = useId();
  const expired = isCompanyExpired(company, now);
  const end =
    company.exp === null
      ? t('checkout:company.lifelong')
      : expired
        ? t('checkout:company.expiredOn', { date: formatDate(company.exp, 'long', language) })
        : formatDate(company.exp, 'long', language);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {company.company_name}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Fact
            label={t('checkout:company.accountType')}
            value={t(company.type === 8 ? 'checkout:company.type.lifelong' : 'checkout:company.type.timeLimited')}
          />
          <Fact
            label={t('checkout:company.seatsUsed')}
            value={t('checkout:company.seatsUsedValue', {
              used: formatNumber(company.used_num, language),
              total: formatNumber(company.num, language),
            })}
          />
          <Fact label={t('checkout:company.expiry')} value={end} alert={expired} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The terms a time-limited company can add, each with its price for all seats and the end it gives. */
function TermChoice({ company, prices, now, selection, onChange }: CompanyChoiceProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Radio.Group
      label={t('checkout:company.term.label')}
      value={selection.term}
      onChange={(term) => onChange({ ...selection, term: term as CompanySelection['term'] })}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={6}>
        {prices.time.map(({ item, price }) => (
          <Radio.Card
            key={item}
            value={item}
            radius="md"
            p="md"
            h="100%"
            display="flex"
            style={{ alignItems: 'flex-start' }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={4}>
                <Text fw={600}>{t(`checkout:plans.business.${termPlan(item)}`)}</Text>
                <Text fz="lg" fw={700}>
                  {formatCurrency(price, language, prices.currency)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('checkout:company.term.allSeats', { seats: formatNumber(company.num, language) })}
                </Text>
                <Text size="sm">
                  {t('checkout:company.term.newEnd', {
                    date: formatDate(companyEndAfter(company, item, now), 'long', language),
                  })}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** Seats to add, from 1 to what one purchase may add, at the price of a seat until the company's end. */
function SeatsChoice({ company, prices, selection, onChange }: CompanyChoiceProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const price = formatCurrency(prices.seat_price, language, prices.currency);
  const max = formatNumber(prices.seats_max, language);
  if (prices.seats_max < 1) {
    return (
      <Text c="red.8" role="alert">
        {t('checkout:company.seats.none')}
      </Text>
    );
  }
  const typed = selection.seats;
  const outOfRange = typed !== 0 && (typed < 1 || typed > prices.seats_max || !Number.isInteger(typed));
  return (
    <Stack gap="sm">
      <Text>
        {company.exp === null
          ? t('checkout:company.seats.priceLifelong', { price })
          : t('checkout:company.seats.price', { price, date: formatDate(company.exp, 'long', language) })}
      </Text>
      <TextInput
        type="number"
        inputMode="numeric"
        label={t('checkout:company.seats.label')}
        description={t('checkout:seats.description', { max })}
        error={outOfRange ? t('checkout:company.seats.outOfRange', { max }) : undefined}
        // 0 while the field is empty (being retyped); one seat is bought then, and the field says so on leaving.
        value={Number.isNaN(typed) || typed === 0 ? '' : typed}
        onChange={(event) => onChange({ ...selection, seats: Number(event.currentTarget.value) })}
        onBlur={() => onChange({ ...selection, seats: seatsOf(prices, selection) })}
        min={1}
        max={prices.seats_max}
        step={1}
        maw={220}
      />
    </Stack>
  );
}

/** What the change comes to: how it is paid, the coupon where it applies, the breakdown, and Pay. */
function CompanyOrder(props: CompanyChoiceProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { company, change, prices, catalogue, selection, onChange, onPay, paying, failure } = props;
  const line = companyLine(change, prices, selection);
  const coupon = line && companyCoupon(catalogue, prices, line) && catalogue.coupon;
  const price = line && companyPrice(catalogue, prices, line, selection.useCoupon);
  const request = companyPaymentRequest(catalogue, company, change, prices, selection);
  const name =
    change === 'time'
      ? selection.term &&
        t('checkout:company.name.time', {
          term: t(`checkout:plans.business.${termPlan(selection.term)}`),
          company: company.company_name,
        })
      : line &&
        t('checkout:company.name.seats', {
          seats: formatNumber(line.quantity, language),
          company: company.company_name,
        });
  return (
    <OrderSummary
      name={name || null}
      methods={catalogue.methods}
      method={selection.method}
      onMethod={(method) => onChange({ ...selection, method })}
      coupon={coupon ? coupon.info : null}
      useCoupon={selection.useCoupon}
      onUseCoupon={(useCoupon) => onChange({ ...selection, useCoupon })}
      price={
        line && price && request
          ? { ...line, discount: price.discount, amount: price.amount, currency: prices.currency }
          : null
      }
      nothingToPay={t('checkout:company.payNothing')}
      onPay={() => request && onPay(request)}
      paying={paying}
      failure={failure}
      errors={companyCheckoutErrors}
    />
  );
}

/** The company in place of the plan tabs, the term or the seats to add, and the order beside them. */
export function CompanyChoice(props: CompanyChoiceProps) {
  const { t } = useTranslation();
  const { company, change, now } = props;
  const headingId = useId();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          <CompanySummary company={company} now={now} />
          <Stack gap="md" component="section" aria-labelledby={headingId}>
            <Title order={2} size="h4" id={headingId}>
              {t(change === 'time' ? 'checkout:company.titleTime' : 'checkout:company.titleSeats')}
            </Title>
            {change === 'time' ? <TermChoice {...props} /> : <SeatsChoice {...props} />}
          </Stack>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <CompanyOrder {...props} />
      </Grid.Col>
    </Grid>
  );
}
