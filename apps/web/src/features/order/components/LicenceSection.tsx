import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildContext } from '../../../lib/build-context';
import { formatDate, useLanguage } from '../../../lib/i18n';
import type { Licence } from '../api/get-licences';
import { platformNames } from '../../../lib/plan-names';
import { type LicenceCard, licenceCards } from '../licence-cards';
import { productLinks, siteProductOfLicence } from '../../../lib/product-links';
import { licenceName } from '../../../lib/plan-names';
import { ExternalButton } from '../../../components/ExternalButton';
import { renewChoice } from '../buy-choices';
import { BuyButton } from '../../../components/BuyButton';

// The confirm dialog is a chunk of its own: most visits never cancel (spec 01 §2).
const CancelSubscriptionDialog = lazy(() => import('./CancelSubscriptionDialog'));

function PlanDateLine({ text }: { text: string | null }) {
  return text === null ? null : (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

function LicenceCardView({ card, onCancel }: { card: LicenceCard; onCancel: (card: LicenceCard) => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { pid, region } = useBuildContext();
  const links = productLinks(siteProductOfLicence[card.product], language, pid);
  const name = licenceName(t, card, region);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs" h="100%">
        <div>
          <Title order={3} size="h4">
            {name}
          </Title>
          {card.group !== null && (
            <Text size="sm" c="dimmed">
              {t('order:licences.teamOf', { group: card.group })}
            </Text>
          )}
          {card.version !== null && (
            <Text size="sm" c="dimmed">
              {t('order:licences.version', { version: card.version })}
            </Text>
          )}
          {card.expired && (
            <Badge variant="light" color="red" mt={6} mr={6}>
              {t('order:licences.expired')}
            </Badge>
          )}
          {card.renewal !== null && (
            <Badge variant="light" color={card.renewal === 'auto' ? 'blue' : 'gray'} mt={6}>
              {t(`order:licences.renewal.${card.renewal}`)}
            </Badge>
          )}
        </div>
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {card.lines.map((line) => (
            <Group component="li" key={line.platforms.join()} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{platformNames(t, line.platforms, language)}</Text>
              {line.end === 'forever' ? (
                <Badge variant="light" color="green" style={{ flexShrink: 0 }}>
                  {t('order:licences.forever')}
                </Badge>
              ) : line.end !== null ? (
                <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
                  {t('order:licences.until', { date: formatDate(line.end) })}
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
        <PlanDateLine
          text={
            card.updateEnd === null
              ? null
              : card.updateEnd === 'forever'
                ? t('order:licences.upgradeForever')
                : t('order:licences.upgradeUntil', { date: formatDate(card.updateEnd) })
          }
        />
        <PlanDateLine
          text={
            card.serviceEnd === null
              ? null
              : card.serviceEnd === 'forever'
                ? t('order:licences.serviceForever')
                : t('order:licences.serviceUntil', { date: formatDate(card.serviceEnd) })
          }
        />
        {card.upgradeServiceYears !== null && (
          <Text size="sm" c="dimmed">
            {t('order:licences.upgradeService', { years: card.upgradeServiceYears })}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt="xs">
          {card.renew && (
            <BuyButton choice={renewChoice(card)} elsewhere={links.buy} size="xs">
              {t('order:actions.renew')}
            </BuyButton>
          )}
          {card.cancel && (
            <Button size="xs" variant="default" onClick={() => onCancel(card)}>
              {t('order:actions.cancel')}
            </Button>
          )}
          {card.manageUrl !== null && (
            <ExternalButton href={card.manageUrl} size="xs" variant="default">
              {t('order:actions.manage')}
            </ExternalButton>
          )}
          <ExternalButton href={links.download} size="xs" variant="default">
            {t('order:actions.download')}
          </ExternalButton>
          <ExternalButton href={links.learnMore} size="xs" variant="subtle">
            {t('order:actions.learnMore')}
          </ExternalButton>
        </Group>
      </Stack>
    </Card>
  );
}

function CardGrid({ cards, onCancel }: { cards: LicenceCard[]; onCancel: (card: LicenceCard) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {cards.map((card) => (
        <LicenceCardView key={card.key} card={card} onCancel={onCancel} />
      ))}
    </SimpleGrid>
  );
}

/** The licence cards, personal first, the team's apart (spec 01 §2, §6). */
export function LicenceSection({ userId, rows }: { userId: number; rows: readonly Licence[] }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<LicenceCard | null>(null);
  const { personal, team } = licenceCards(rows);
  return (
    <>
      <Stack gap="sm" component="section" aria-label={t('order:licences.title')}>
        <Title order={2} size="h3">
          {t('order:licences.title')}
        </Title>
        {personal.length === 0 ? (
          <Text c="dimmed">{t('order:licences.empty')}</Text>
        ) : (
          <CardGrid cards={personal} onCancel={setCancelling} />
        )}
      </Stack>
      {team.length > 0 && (
        <Stack gap="sm" component="section" aria-label={t('order:licences.teamTitle')}>
          <Title order={2} size="h3">
            {t('order:licences.teamTitle')}
          </Title>
          <CardGrid cards={team} onCancel={setCancelling} />
        </Stack>
      )}
      {cancelling !== null && (
        <Suspense fallback={null}>
          <CancelSubscriptionDialog userId={userId} card={cancelling} onClose={() => setCancelling(null)} />
        </Suspense>
      )}
    </>
  );
}
