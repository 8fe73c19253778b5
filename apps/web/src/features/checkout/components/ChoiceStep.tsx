import { Alert, Grid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '../../../lib/i18n';
import type { CheckoutRequest } from '../api/create-checkout';
import type { CheckoutCatalogue, CheckoutOffer } from '../api/get-catalogue';
import type { TeamToGrow } from '../api/get-team';
import { checkoutErrors } from '../errors';
import { purchaseName } from '../labels';
import { type PlanNotice, planNotice } from '../plan-holding';
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
import { OrderSummary } from './OrderSummary';

interface ChoiceStepProps {
  /** A team's upgrade: its business terms, with the team named, instead of the tabs. */
  team?: TeamToGrow | undefined;
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

/** Whom an upgrade's seats are for, and what each seat brings (spec 02 §8). */
function TeamHeading({ team }: { team: TeamToGrow }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {t('checkout:team.title', { team: team.name })}
      </Title>
      <Text size="sm">{t('checkout:team.text')}</Text>
      <Text size="sm" c="dimmed">
        {t('checkout:team.places', {
          members: formatNumber(team.member_num, language),
          limit: formatNumber(team.member_limit, language),
        })}
      </Text>
    </Stack>
  );
}

/**
 * What a personal plan does to what the buyer holds, before payment (docs/decisions/056): that it
 * is held already, or what becomes of the subscription that renews now.
 */
function HoldingNotice({ notice, product }: { notice: PlanNotice; product: string }) {
  const { t } = useTranslation();
  const plan = notice.renewing === null ? '' : t(`checkout:plans.personal.${notice.renewing}`);
  return (
    // Said politely as the choice changes: it informs the choice, it is not an error.
    <Alert
      role="status"
      variant="light"
      color={notice.refused ? 'gray' : notice.effect === 'keepsRenewal' ? 'blue' : 'orange'}
    >
      <Text size="sm">{t(`checkout:holding.${notice.effect}`, { product, plan })}</Text>
    </Alert>
  );
}

function PlanSummary({
  team,
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
  const quantity = quantityOf(offer, selection);
  const coupon = applicableCoupon(catalogue, offer, selection) && catalogue.coupon;
  const price = priceOf(catalogue, offer, selection);
  const notice = offer.kind === 'personal' ? planNotice(catalogue, offer, selection.product) : null;
  return (
    <OrderSummary
      name={purchaseName(t, offer, { product: selection.product, quantity, team: team?.name }, language)}
      notice={notice && <HoldingNotice notice={notice} product={t(`checkout:product.${selection.product}`)} />}
      methods={catalogue.methods}
      method={selection.method}
      onMethod={(method) => onChange({ ...selection, method })}
      coupon={coupon ? coupon.info : null}
      useCoupon={selection.useCoupon}
      onUseCoupon={(useCoupon) => onChange({ ...selection, useCoupon })}
      // Nothing is sold that would give nothing: no price, and Pay says why not.
      price={
        notice?.refused
          ? null
          : {
              unitPrice: offer.price,
              quantity,
              discount: price.discount,
              amount: price.amount,
              currency: catalogue.currency,
            }
      }
      nothingToPay={t('checkout:holding.nothingToPay')}
      onPay={() => onPay(checkoutRequest(catalogue, offer, selection), offer)}
      paying={paying}
      failure={failure}
      errors={checkoutErrors}
    />
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
        {props.team ? (
          <Stack gap="lg">
            <TeamHeading team={props.team} />
            <OfferChoice kind="business" catalogue={catalogue} selection={selection} onChange={onChange} />
          </Stack>
        ) : (
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
        )}
      </Grid.Col>
      {offer && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PlanSummary {...props} offer={offer} />
        </Grid.Col>
      )}
    </Grid>
  );
}
