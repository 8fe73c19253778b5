import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storageAreas } from '@account-centre/contract';
import { useLanguage } from '../../../lib/i18n';
import type { StorageSummary } from '../api/get-storage';
import { formatMegabytes } from '../format';

/** Cloud storage of the project, whiteboard and mind-map products, in MB with 2 decimals. */
export function CloudStorage({ storage }: { storage: StorageSummary }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Stack gap="sm" component="section" aria-label={t('order:storage.title')}>
      <Title order={2} size="h3">
        {t('order:storage.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {storageAreas.map((area) => {
          const { used, max } = storage[area];
          const percent = max > 0 ? Math.min(100, (used / max) * 100) : 0;
          const usage = t('order:storage.usage', {
            used: formatMegabytes(used, language),
            max: formatMegabytes(max, language),
          });
          return (
            <Card key={area} withBorder radius="md" padding="md">
              <Stack gap={6}>
                <Text fw={600}>{t(`order:storage.${area}`)}</Text>
                <Progress value={percent} aria-label={`${t(`order:storage.${area}`)}: ${usage}`} />
                <Text size="sm" c="dimmed">
                  {usage}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
