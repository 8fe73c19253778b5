import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildContext } from '../../../lib/build-context';
import { useLanguage } from '../../../lib/i18n';
import type { RecommendedProduct } from '../api/get-recommendations';
import { productLinks } from '../../../lib/product-links';
import { ExternalButton } from '../../../components/ExternalButton';
import { recommendationChoice } from '../buy-choices';
import { BuyButton } from '../../../components/BuyButton';

/**
 * Products the user has not bought (spec 01 §2), as the server chose them. The diagram and the
 * mind map are bought on the purchase screen; the others on the company site.
 */
export function Recommendations({ products }: { products: readonly RecommendedProduct[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { pid } = useBuildContext();
  if (products.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('order:recommendations.title')}>
      <Title order={2} size="h3">
        {t('order:recommendations.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {products.map((product) => {
          const links = productLinks(product, language, pid);
          return (
            <Card
              key={product}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-label={t(`order:products.${product}`)}
            >
              <Stack gap="xs" h="100%">
                <Text fw={600}>{t(`order:products.${product}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`order:productBlurbs.${product}`)}
                </Text>
                <Group gap="xs" mt="auto">
                  <BuyButton choice={recommendationChoice(product)} elsewhere={links.buy} size="xs">
                    {t('order:actions.buy')}
                  </BuyButton>
                  <ExternalButton href={links.learnMore} size="xs" variant="subtle">
                    {t('order:actions.learnMore')}
                  </ExternalButton>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
