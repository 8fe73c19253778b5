import type { PaymentMethod } from '@account-centre/contract';
import { Button, Checkbox, Grid, Paper, Radio, Stack, Tabs, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api';
import { formatCurrency, useLanguage } from '../../../lib/i18n';
import type { CheckoutRequest } from '../api/create-checkout';
import type { CheckoutCatalogue, CheckoutOffer } from '../api/get-catalogue';
import { checkoutErrors } from '../errors';
import { purchaseName } from '../labels';
import {
  type Selection,
  type Tab,
  applicableCoupon,
  checkoutRequest,
  chosenOffer,
  priceOf,
  quantityOf,
  tabsOf,
} from '../selection';
import { OfferChoice } from './OfferChoice';
import { PriceBreakdown } from './PriceBreakdown';

interface ChoiceStepProps {
  catalogue: CheckoutCatalogue;
  selection: Selection;
  onChange: (selection: Selection) => void;
  onPay: (request: CheckoutRequest, offer: CheckoutOffer) => void;
  paying: boolean;
  /** Why the last Pay did not open a payment. */
  failure: unknown;
}

/** Spec 02 §9 "Private deployment: no meals": nothing to buy online, whom to ask instead. */
function PrivateDeployment() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" maw={640}>
      <Title order={2} size="h4">
        {t('checkout:private.title')}
      </Title>
      <Text size="sm">{t('checkout:private.text')}</Text>
      <Text size="sm">{t('checkout:private.contact')}</Text>
    </Stack>
  );
}

function OrderSummary({
  catalogue,
  offer,
  selection,
  onChange,
  onPay,
  paying,
  failure,
}: ChoiceStepProps & { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const headingId = useId();
  const quantity = quantityOf(offer, selection);
  const coupon = applicableCoupon(catalogue, offer, selection) && catalogue.coupon;
  const price = priceOf(catalogue, offer, selection);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {t('checkout:summary.title')}
        </Title>
        <Text fw={500}>{purchaseName(t, offer, { product: selection.product, quantity }, language)}</Text>
        <Radio.Group
          label={t('checkout:method.label')}
          value={selection.method}
          onChange={(method) => onChange({ ...selection, method: method as PaymentMethod })}
        >
          <Stack gap="xs" mt={6}>
            {catalogue.methods.map((method) => (
              <Radio key={method} value={method} label={t(`checkout:method.${method}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {coupon && (
          <Checkbox
            label={t('checkout:coupon.use', { coupon: coupon.info })}
            description={t('checkout:coupon.description')}
            checked={selection.useCoupon}
            onChange={(event) => onChange({ ...selection, useCoupon: event.currentTarget.checked })}
          />
        )}
        <PriceBreakdown
          unitPrice={offer.price}
          quantity={quantity}
          currency={catalogue.currency}
          discount={price.discount}
        />
        <Button
          size="md"
          fullWidth
          loading={paying}
          onClick={() => onPay(checkoutRequest(catalogue, offer, selection), offer)}
        >
          {t('checkout:summary.pay', { amount: formatCurrency(price.amount, language, catalogue.currency) })}
        </Button>
        {failure !== null && failure !== undefined && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(t, failure, checkoutErrors)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The choice: what to buy (tabs of offers), how to pay, what it comes to, and Pay. */
export function ChoiceStep(props: ChoiceStepProps) {
  const { t } = useTranslation();
  const { catalogue, selection, onChange } = props;
  const tabs = tabsOf(catalogue);
  const offer = chosenOffer(catalogue, selection);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Tabs
          value={selection.tab}
          onChange={(tab) => tab && onChange({ ...selection, tab: tab as Tab })}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('checkout:tabs.label')}>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`checkout:tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="lg">
              {tab === 'private' ? (
                <PrivateDeployment />
              ) : (
                <OfferChoice kind={tab} catalogue={catalogue} selection={selection} onChange={onChange} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Grid.Col>
      {offer && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <OrderSummary {...props} offer={offer} />
        </Grid.Col>
      )}
    </Grid>
  );
}
