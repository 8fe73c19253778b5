import { type CheckoutItemKind, type PersonalPlanProduct, personalPlanProducts } from '@account-centre/contract';
import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber, useLanguage } from '../../../lib/i18n';
import type { CheckoutCatalogue, CheckoutOffer } from '../api/get-catalogue';
import { offerName } from '../labels';
import { type Selection, chosenOffer, offersOf, quantityOf } from '../selection';

interface OfferChoiceProps {
  kind: CheckoutItemKind;
  catalogue: CheckoutCatalogue;
  selection: Selection;
  onChange: (selection: Selection) => void;
}

function OfferCard({ offer, currency }: { offer: CheckoutOffer; currency: CheckoutCatalogue['currency'] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const price = formatCurrency(offer.price, language, currency);
  const number = (value: number) => formatNumber(value, language);
  return (
    // A card is a button, which centres what it holds: its text starts at the top, level with its neighbours'.
    <Radio.Card value={offer.key} radius="md" p="md" h="100%" display="flex" style={{ alignItems: 'flex-start' }}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4}>
          <Text fw={600}>{offerName(t, offer, language)}</Text>
          <Text fz="lg" fw={700}>
            {offer.kind === 'business' ? t('checkout:offer.perSeat', { price }) : price}
          </Text>
          {offer.credit !== null && offer.kind === 'personal' && (
            <Text size="sm" c="dimmed">
              {/* Template credit is an amount in yuan wherever it is shown, as /template shows it. */}
              {t('checkout:offer.templateCredit', { amount: formatCurrency(offer.credit, language, 'CNY') })}
            </Text>
          )}
          {offer.ai_points !== null && offer.kind === 'personal' && (
            <Text size="sm" c="dimmed">
              {t('checkout:offer.aiPoints', { number: number(offer.ai_points) })}
            </Text>
          )}
          {offer.continuous && (
            <Text size="sm" fw={600} c="blue">
              {t('checkout:offer.renews')}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * The offers of one tab as a group of radio cards (arrow keys move between them), with what the
 * kind needs besides: the product of a personal plan, the seats of a business plan.
 */
export function OfferChoice({ kind, catalogue, selection, onChange }: OfferChoiceProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const offers = offersOf(catalogue, kind);
  const chosen = chosenOffer(catalogue, selection);
  return (
    <Stack gap="md">
      {kind === 'personal' && (
        <Radio.Group
          label={t('checkout:product.label')}
          value={selection.product}
          onChange={(product) => onChange({ ...selection, product: product as PersonalPlanProduct })}
        >
          <Group gap="lg" mt={6}>
            {personalPlanProducts.map((product) => (
              <Radio key={product} value={product} label={t(`checkout:product.${product}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Radio.Group
        label={t(`checkout:offers.${kind}`)}
        value={chosen?.key ?? null}
        onChange={(key) => onChange({ ...selection, items: { ...selection.items, [kind]: key } })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" mt={6}>
          {offers.map((offer) => (
            <OfferCard key={offer.key} offer={offer} currency={catalogue.currency} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {kind === 'business' && chosen && (
        <TextInput
          type="number"
          inputMode="numeric"
          label={t('checkout:seats.label')}
          description={t('checkout:seats.description', { max: formatNumber(chosen.quantity_max, language) })}
          // 0 while the field is empty (being retyped); one seat is bought then, and the field says so on leaving.
          value={selection.seats || ''}
          onChange={(event) => onChange({ ...selection, seats: Number(event.currentTarget.value) })}
          onBlur={() => onChange({ ...selection, seats: quantityOf(chosen, selection) })}
          min={1}
          max={chosen.quantity_max}
          step={1}
          maw={220}
        />
      )}
    </Stack>
  );
}
